# min/max with key/default/multiple args, sum with start, any/all
print(max([3, 1, 4]), min([3, 1, 4]), max(3, 1, 4), min("b", "a", "c"), max("hello"), min([[2], [1, 5]]))
print(max(["aa", "b", "ccc"], key=len), min(["aa", "b", "ccc"], key=len), max([], default="none"), min([], default=0))
print(max([1, -5, 3], key=abs), min(-1, 2, -3, key=lambda v: v * v), max({"a": 3, "b": 1}), max({"a": 3, "b": 1}, key={"a": 3, "b": 1}.get))
print(max([(1, "b"), (1, "a"), (0, "z")]), max([1, 1.0]), max([1.0, 1]), max(2, 2.5), min(True, 0))
print(max(["x", "y", "yy"], key=len), min(["x", "y", "z"], key=lambda s: 0))
for bad in (lambda: max([]), lambda: min([]), lambda: max(1), lambda: max(), lambda: max(1, 2, default=0), lambda: min([1, "a"]), lambda: max([1, 2], key=5)):
    try:
        bad()
    except (ValueError, TypeError) as e:
        print(type(e).__name__, e)
print(sum([1, 2, 3]), sum([1, 2, 3], 10), sum([]), sum([0.1, 0.2]), sum([[1], [2]], []), sum(((1,), (2,)), ()), sum(range(101)), sum([True, True]))
try:
    sum(["a", "b"], "")
except TypeError as e:
    print(type(e).__name__, e)
try:
    sum([1, "a"])
except TypeError as e:
    print(type(e).__name__, e)
print(any([]), all([]), any([0, 0, 1]), all([1, 1, 0]), any("a"), all(""), any(x > 2 for x in [1, 2, 3]), all(x for x in [1, []]))
def noisy(v):
    print("  checked", v)
    return v
print(any(noisy(v) for v in [0, 1, 2]), all(noisy(v) for v in [1, 0, 2]))
