# itertools.chain and product: laziness, exhaustion, errors, subclasses.
import itertools
from itertools import chain, product


def gen(tag, n):
    for i in range(n):
        print("gen", tag, i)
        yield (tag, i)


c = chain(gen("a", 2), [], gen("b", 1), "xy")
print(next(c))
print(list(c))
print(list(c), next(c, "done"))
print(list(chain()), list(chain([])), list(chain.from_iterable(["ab", [1], ()])))
lazy = chain.from_iterable(gen(k, 1) for k in "pq")
print("made")
print(next(lazy))
print(list(lazy))
try:
    chain.from_iterable(5)
except TypeError as e:
    print("TypeError", e)
bad = chain([1], 5, [2])
print(next(bad))
try:
    next(bad)
except TypeError as e:
    print("TypeError", e)
print(iter(c) is c, type(c).__name__, sum(chain(range(5), range(3))))


class MyChain(chain):
    def total(self):
        return sum(self)


print(MyChain([1, 2], [3]).total(), list(MyChain.from_iterable([[4], [5]])))

print(list(product("ab", range(3))))
print(list(product()), list(product([])), list(product([1], [])), list(product([1, 2], repeat=0)))
print(list(product([0, 1], repeat=3)))
print(list(product("ab", "c", repeat=2)))
p = product(gen("g", 2), "xy")
print("product made")
print(next(p), list(p), next(p, "end"))
try:
    product([1], repeat=-1)
except ValueError as e:
    print("ValueError", e)
try:
    product(5)
except TypeError as e:
    print("TypeError", e)
print(sum(a * b for a, b in product(range(30), range(40))))
print(len(list(product(range(5), range(4), range(3), range(2)))))
print(dict(zip(product("ab", repeat=2), itertools.count())))
