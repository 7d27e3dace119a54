# generator expressions
squares = (x * x for x in range(5))
print(type(squares).__name__, sum(squares), sum(squares))
print(list(x for x in "abc"), tuple(c.upper() for c in "xyz"), max(len(w) for w in ["a", "abc", "ab"]))
print(sum(x for x in range(100) if x % 7 == 0), any(x > 3 for x in [1, 5]), all(x > 0 for x in [1, -1]))
print(sorted((x % 3, x) for x in range(6)), dict((k, len(k)) for k in ["aa", "b"]))
pairs = ((a, b) for a in range(3) for b in range(a))
print(list(pairs))
x = 10
g = (x for x in range(3))
print(list(g), x)
def f():
    nums = [1, 2, 3]
    g = (n * k for n in nums for k in (1, 10))
    nums = []
    return list(g)
print(f())
try:
    bad = (1 / v for v in [1, 0])
    print(list(bad))
except ZeroDivisionError as e:
    print(type(e).__name__, e)
print(",".join(str(i) for i in range(5)), " ".join(w for w in "a b c".split() if w != "b"))
nested = ((i, j) for i in range(2) for j in (c for c in "xy"))
print(list(nested))
