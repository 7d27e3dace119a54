# len, enumerate, zip, map, filter, reversed
print(len([1, 2]), len("héllo"), len({}), len({1: 2, 3: 4}), len(set("aab")), len(range(0, 10, 3)), len(b"ab"), len((1,)))
print(list(enumerate("abc")), list(enumerate("abc", start=1)), list(enumerate([], 5)), list(enumerate("xy", -2)))
print(list(zip([1, 2, 3], "ab")), list(zip()), list(zip([1])), list(zip("ab", "cd", "ef")))
print(list(zip(*[(1, "a"), (2, "b")])))
print(list(map(abs, [-1, 2, -3])), list(map(lambda a, b: a * b, [1, 2, 3], [4, 5])), list(map(pow, [2, 3], [3, 2], [5, 5])))
print(list(filter(None, [0, 1, "", "a", None, [], [0]])), list(filter(lambda x: x % 2, range(10))), list(filter(str.isdigit, "a1b2")))
print(list(reversed([1, 2, 3])), list(reversed("abc")), list(reversed(range(4))), list(reversed((1, 2))), list(reversed({"a": 1, "b": 2})))
try:
    reversed({1, 2})
except TypeError as e:
    print(type(e).__name__, e)
try:
    reversed(5)
except TypeError as e:
    print(type(e).__name__, e)
try:
    map(5, [1])
    list(map(5, [1]))
except TypeError as e:
    print(type(e).__name__, e)
try:
    enumerate(5)
except TypeError as e:
    print(type(e).__name__, e)
try:
    zip(1, 2)
except TypeError as e:
    print(type(e).__name__, e)
try:
    len()
except TypeError as e:
    print(type(e).__name__, e)
try:
    len([], [])
except TypeError as e:
    print(type(e).__name__, e)
