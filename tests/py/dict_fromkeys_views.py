# dict.fromkeys shared values, view behaviours, dict() conversions and copies
d = dict.fromkeys(["a", "b"], [])
d["a"].append(1)
print(d, d["a"] is d["b"])
safe = {k: [] for k in ["a", "b"]}
safe["a"].append(1)
print(safe)
orig = {"x": [1, 2], "y": 3}
shallow = orig.copy()
shallow["x"].append(99)
shallow["y"] = 0
print(orig, shallow)
keys = orig.keys()
items = orig.items()
orig["z"] = 4
print(list(keys), len(items), ("z", 4) in items, keys == {"x", "y", "z"}, sorted(keys - {"x"}))
print(list(zip(orig.keys(), orig.values())) == list(orig.items()), list(orig.values())[-1])
print(dict(orig.items()) == orig, dict(sorted(orig.items(), reverse=True)), {v: k for k, v in {"a": 1, "b": 1}.items()})
try:
    d.keys()[0]
except TypeError as e:
    print(type(e).__name__, e)
print(dict.fromkeys("aab"), dict.fromkeys(range(3), 0), len(dict.fromkeys("")))
