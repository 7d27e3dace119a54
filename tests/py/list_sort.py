# sort with key/reverse, stability
words = ["banana", "Apple", "cherry", "date", "Elder", "fig", "apple"]
print(sorted(words))
print(sorted(words, key=str.lower))
print(sorted(words, key=len))
print(sorted(words, key=len, reverse=True))
print(sorted(words, key=lambda w: (len(w), w)))
recs = [("alice", 30), ("bob", 25), ("carol", 30), ("dave", 25), ("eve", 35)]
print(sorted(recs, key=lambda r: r[1]))
print(sorted(recs, key=lambda r: r[1], reverse=True))
by_name = sorted(recs)
by_age = sorted(by_name, key=lambda r: -r[1])
print(by_age)
nums = [5, -3, 2, -8, 0, 7, -1]
nums.sort(key=abs)
print(nums)
nums.sort(key=lambda v: v % 3)
print(nums)
print(sorted([3.5, 1, 2.25, -1, 0]), sorted("hello"), sorted((3, 1, 2), reverse=True))
print(sorted([[2, 1], [1, 2], [1, 1, 1], [2]]), sorted([(1, "b"), (1, "a"), (0, "z")]))
data = [{"n": "x", "v": 2}, {"n": "y", "v": 1}, {"n": "z", "v": 2}]
print([d["n"] for d in sorted(data, key=lambda d: d["v"])])
try:
    sorted([1, "a", 2])
except TypeError as e:
    print(type(e).__name__, e)
try:
    sorted([{1}, {2}], key=None) and sorted([{}, {}])
except TypeError as e:
    print(type(e).__name__, e)
big = [(i * 7919) % 1000 for i in range(200)]
s = sorted(big)
print(s[:10], s[-5:], all(s[i] <= s[i + 1] for i in range(len(s) - 1)))
