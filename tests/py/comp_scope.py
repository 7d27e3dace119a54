# comprehensions have their own scope; nested comprehensions
x = "outer"
lst = [x for x in range(3)]
print(lst, x)
s = {x for x in "abc"}
print(sorted(s), x)
d = {x: 1 for x in range(2)}
print(d, x)
print([[i * j for j in range(3)] for i in range(3)])
print([(i, j) for i in range(3) for j in range(i)])
print([x for row in [[1, 2], [3, 4]] for x in row if x != 2])
print([y for y in [x * 2 for x in range(5)] if y > 2])
class K:
    vals = [1, 2, 3]
    doubled = [v * 2 for v in vals]
    total = sum(v for v in vals)
print(K.doubled, K.total)
def f():
    k = 10
    return [k + i for i in range(3)]
print(f())
matrix = [[1, 2, 3], [4, 5, 6]]
print([[row[i] for row in matrix] for i in range(3)])
print([i if i % 2 else -i for i in range(6)])
print([c for c in "hello world" if c not in "aeiou "])
print({k: [v for v in range(k)] for k in range(4)})
print([(a, b, c) for a in range(1, 20) for b in range(a, 20) for c in range(b, 20) if a * a + b * b == c * c])
print([n for n in range(2, 30) if all(n % p for p in range(2, n))])
funcs = [lambda: i for i in range(3)]
print([fn() for fn in funcs])
try:
    [undefined_var for _ in range(1)]
except NameError as e:
    print(type(e).__name__, e)
print([w.upper() for w in "a b".split()], [len(w) for w in []])
