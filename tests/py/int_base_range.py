# int(text, base): any base outside 2..36 (and not 0) is a ValueError, however large.
for base in [0, 2, 16, 36, 1, 37, -1, 10**100, -(10**100), False, True]:
    try:
        print(base if abs(base) < 100 else "huge", int("12", base))
    except ValueError as e:
        print(base if abs(base) < 100 else "huge", "ValueError:", e)
try:
    int("12", 2.0)
except TypeError as e:
    print("TypeError:", e)
