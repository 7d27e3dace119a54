# int/float/str/repr/bool/list/tuple/dict/set/frozenset constructors
print(int(), float(), str(), bool(), list(), tuple(), dict(), set(), frozenset())
print(int("42"), int(4.9), int(-4.9), int("-0b101", 0), float("3.5"), float(2), str(3.5), str([1, "a"]), repr("a'b"), repr(1.0))
print(bool("False"), bool(0j if False else 0), list("ab"), list((1, 2)), list({3: 4}), tuple([1]), tuple("xy"))
print(dict(a=1), dict([(1, 2)]), dict({"x": 1}, y=2), dict(zip("ab", "cd")), dict([["k", "v"]]), dict(((1, 2), (3, 4))))
print(sorted(set([3, 1, 3])), sorted(set("aba")), sorted(frozenset(range(3))), set() == frozenset())
print(str(b"abc"), str(b"abc", "ascii"), str(bytearray(b"q"), "utf-8"), bytes("xy", "ascii"), repr(b"x"))
print(list(map(int, "1 2 3".split())), [float(x) for x in ("1", "1.5", "-inf", "1e3")], int(" 7 "), float(" 2.5\n"))
print(type(int("5")), type(1.0 * 2), type(str(1)), type(repr(1)), type([]), type(()), type({}), type(set()), type(frozenset()))
print(chr(65), ord("A"), hex(255), oct(8), bin(3), hex(-1), oct(0), bin(-8))
try:
    hex(1.5)
except TypeError as e:
    print(type(e).__name__, e)
try:
    list(5)
except TypeError as e:
    print(type(e).__name__, e)
try:
    dict(5)
except TypeError as e:
    print(type(e).__name__, e)
try:
    set([[1]])
except TypeError as e:
    print(type(e).__name__, e)
try:
    tuple(None)
except TypeError as e:
    print(type(e).__name__, e)
try:
    float([])
except TypeError as e:
    print(type(e).__name__, e)
try:
    int("12", base=2)
except ValueError as e:
    print(type(e).__name__, e)
try:
    str(b"\xff", "utf-8")
except UnicodeDecodeError as e:
    print(type(e).__name__, e)
