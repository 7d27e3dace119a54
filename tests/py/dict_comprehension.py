# dict comprehensions and counting patterns
squares = {x: x * x for x in range(6)}
print(squares)
inv = {v: k for k, v in squares.items()}
print(inv)
words = "the quick brown the lazy the dog quick".split()
counts = {}
for w in words:
    counts[w] = counts.get(w, 0) + 1
print(counts)
print(sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])))
groups = {}
for w in words:
    groups.setdefault(len(w), []).append(w)
print(groups)
filt = {k: v for k, v in counts.items() if v > 1}
print(filt)
nested = {i: {j: i * j for j in range(3)} for i in range(3)}
print(nested, nested[2][2])
print({c: ord(c) for c in "abc"}, {k: None for k in ()})
x = "outer"
d = {x: 1 for x in range(2)}
print(x, d)
