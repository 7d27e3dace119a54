from itertools import (count, cycle, repeat, accumulate, chain, compress, dropwhile,
                       takewhile, filterfalse, groupby, islice, starmap, tee, zip_longest,
                       product, permutations, combinations, combinations_with_replacement,
                       pairwise)
import operator

print(list(islice(count(5), 3)), list(islice(count(1, 2.5), 3)), list(islice(cycle("ab"), 5)))
print(list(repeat("x", 3)), list(zip(range(3), repeat(0))), list(repeat(1, 0)))
print(list(accumulate([1, 2, 3, 4])), list(accumulate([3, 1, 4], max)),
      list(accumulate([1, 2], initial=10)), list(accumulate([])))
print(list(accumulate([1, 2, 3], operator.mul)))
print(list(chain("ab", [1], ())), list(chain.from_iterable(["xy", "z"])), list(chain()))
print(list(compress("abcdef", [1, 0, 1, 0, 1])), list(dropwhile(lambda x: x < 3, [1, 4, 2])))
print(list(takewhile(lambda x: x < 3, [1, 2, 5, 1])), list(filterfalse(None, [0, 1, "", "a"])))
print(list(filterfalse(lambda x: x % 2, range(6))))
print([(k, list(g)) for k, g in groupby("aaabccdd")])
print([(k, len(list(g))) for k, g in groupby([1, 3, 2, 4, 5], key=lambda x: x % 2)])
groups = list(groupby("aabb"))
print([(k, list(g)) for k, g in groups])
print(list(islice("abcdefg", 2)), list(islice("abcdefg", 2, 4)), list(islice("abcdefg", 1, None, 2)),
      list(islice("abc", 0)), list(islice(range(10), 2, 8, 3)))
it = iter(range(10))
print(list(islice(it, 3)), next(it))
for args in [(-1,), (0, 5, 0), ("a",)]:
    try:
        islice("abc", *args)
    except ValueError as e:
        print(type(e).__name__, e)
print(list(starmap(pow, [(2, 3), (3, 2)])))
a, b = tee([1, 2, 3])
print(list(a), list(b), len(tee("x", 3)))
print(list(zip_longest("abc", [1])), list(zip_longest("ab", "x", fillvalue="-")), list(zip_longest()))
print(list(product("ab", [0, 1])), list(product([0, 1], repeat=2)), list(product()))
print(list(permutations("abc", 2)), len(list(permutations(range(4)))), list(permutations("ab", 3)))
print(list(combinations("abcd", 2)), list(combinations([1, 2], 0)), list(combinations("a", 2)))
print(list(combinations_with_replacement("abc", 2)))
print(list(pairwise("abcd")), list(pairwise("a")))
for f in [lambda: count("a"), lambda: cycle(5), lambda: combinations("ab", -1),
          lambda: product("a", repeat=-1), lambda: accumulate(3)]:
    try:
        f()
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)
