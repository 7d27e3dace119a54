# bool as int subtype in arithmetic and containers
print(True + 1, False * 5, True / 2, True // 2, -True, True ** 10, True << 3, True & 3, True | 2)
print(sum([True, False, True]), [True, False].count(0), {True: "t", 1: "one"}, {0, False, 0.0})
print(isinstance(True, int), int.__name__, bool(2), bool(-0), type(True + True).__name__, type(True & True).__name__)
print(True == 1 == 1.0, hash(True) == hash(1), "abc"[True], [10, 20][False], divmod(True, 2))
print(max(True, 0), min(False, -1), sorted([True, False, 2, -1]), str(True), repr(False), f"{True:d}", f"{True}")
print(True is (1 == 1), (1 < 2) + (2 < 3), not True == False, (not True) == False)
try:
    bool.__new__
    x = True + "a"
except TypeError as e:
    print(type(e).__name__, e)
