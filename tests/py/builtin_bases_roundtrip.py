# bin/oct/hex and int(s, base) round trips including negatives and big values
values = [0, 1, -1, 7, 8, 255, -256, 4095, 2 ** 31 - 1, -(2 ** 31), 2 ** 64 + 12345, -(10 ** 25)]
for v in values:
    b, o, h = bin(v), oct(v), hex(v)
    assert int(b, 2) == int(b, 0) == v and int(o, 8) == int(o, 0) == v and int(h, 16) == int(h, 0) == v
    print(f"{v:>27} {b[:20]:<20} {o:<24} {h}")
print(format(255, "b"), format(255, "o"), format(255, "X"), format(-255, "#x"), format(10, "#b"))
print(int("  0x1F ", 16), int("0b11", 2), int("0o17", 8), int("Z", 36), int("-zz", 36), int("1" * 70, 2) == 2 ** 70 - 1)
for bad, base in [("0x1F", 10), ("2", 2), ("8", 8), ("g", 16), ("0b", 0), ("012", 0)]:
    try:
        int(bad, base)
    except ValueError as e:
        print(type(e).__name__, e)
print(int("012", 10), int("0", 0), int("00", 0), int("0_7", 0) if False else 0)
