# sum() of a generator that delegates to lists with `yield from`: small ints, bools, floats
# and big ints among them, a total that leaves the small-int range, empty lists, a list
# iterator partly consumed before, an item that cannot be added, nested generators.
def flat(chunks):
    for c in chunks:
        yield from c


print(sum(flat([[1, 2, 3], [], [4, 5], [6]])))
print(sum(flat([[1, True, 2.5, 3], [False, 4]])))
print(sum(flat([[2**46, 2**46, 2**46, 1, 2], [-2**47, 5]])))
print(sum(flat([[2**60, 1, 2], [3]])))
print(sum(flat([[-2**47, -2**47, -2**47], [1]])))
print(sum(flat([[1, 2], [3]]), 10), sum(flat([[1, 2]]), 0.5), sum(flat([[1]]), 2**70))
print(sum(flat([])), sum(flat([[], []])))


def ret(c):
    r = yield from c
    yield 100
    return r


print(sum(ret([1, 2, 3])))


def after_next():
    it = iter([10, 20, 30, 40])
    next(it)
    yield from it
    yield from it


print(sum(after_next()))


def bad():
    yield from [1, 2, "x", 3]


try:
    sum(bad())
except TypeError as e:
    print("TE", e)


class A:
    def __radd__(self, o):
        print("radd", o)
        return o + 1000


print(sum(flat([[1, 2], [A(), 3, 4], [5]])))


def outer():
    yield from flat([[1, 2], [3]])
    yield sum(flat([[4, 5], [6]]))
    yield from [7, 8]


print(sum(outer()), list(outer()))
g = flat([[1, 2, 3], [4, 5]])
print(next(g), sum(g), sum(g))
total = 0
for n in range(200):
    total += sum(flat([[i, i + 1, i + 2] for i in range(n % 9)]))
print(total)
