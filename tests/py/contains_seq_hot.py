# `in` and `not in` over tuples and lists in hot loops: small ints found and not found, and
# every case where bits alone do not decide (floats, bools, big ints, objects with __eq__,
# strings, NaN), also appearing in a site that only saw small ints before.


class Eq:
    def __init__(self, v):
        self.v = v

    def __eq__(self, other):
        return other == self.v


def count_in(needles, seq):
    n = 0
    for x in needles:
        if x in seq:
            n += 1
    return n


def count_not_in(needles, seq):
    n = 0
    for x in needles:
        if x not in seq:
            n += 1
    return n


small = tuple(range(0, 40, 3))
print(count_in(range(-5, 60), small), count_not_in(range(-5, 60), small))
print(count_in(range(100), list(small)), count_not_in(range(100), list(small)))
print(count_in(range(20), ()), count_not_in(range(20), []))

# The same sites, now with items and needles bits cannot decide.
mixed = (1, 2.0, 3, True, 2**70, "s")
print(count_in([1, 2, 3, 4, 2**70, 1.0, 3.0, False, 0], mixed))
print(count_not_in([1, 2, 3, 4, 2**70, 1.0, 3.0, False, 0], mixed))
print(count_in([5, 7, 9, 5.0, True], [Eq(5), 7, Eq(9)]))
print(count_in(range(1000), [10, 20, float("nan"), 30]))
nan = float("nan")
print(count_in([nan, 1.5, nan], (nan,)), count_in([nan], [2.5]))
print(count_in(["s", "t"], mixed), count_in([-1, -2, -3], (-3, -2)))


def deep(n):
    # A hot loop whose test reads a tuple of small ints built each round.
    hits = 0
    for i in range(n):
        t = (i % 7, i % 11, i % 13)
        if 5 in t:
            hits += 1
        if i % 5 not in t:
            hits += 2
    return hits


print(deep(20000))
