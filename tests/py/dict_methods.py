# dict methods
d = {"b": 2, "a": 1}
d["c"] = 3
print(d, len(d), d["a"], d.get("z"), d.get("z", 0), "a" in d, "z" not in d)
print(d.setdefault("a", 100), d.setdefault("d", 4), d)
d.update({"a": 10, "e": 5})
d.update([("f", 6)], g=7)
print(d)
print(d.pop("a"), d.pop("zz", "dflt"), d)
print(d.popitem(), d.popitem(), d)
print(list(d.keys()), list(d.values()), list(d.items()))
print(dict.fromkeys("abc"), dict.fromkeys([1, 2], 0), dict.fromkeys(range(3), []))
c = d.copy()
c["new"] = 1
print(d, c)
c.clear()
print(c, len(c), bool(c))
try:
    d["missing"]
except KeyError as e:
    print(type(e).__name__, e, e.args)
try:
    d.pop("missing")
except KeyError as e:
    print(type(e).__name__, e)
try:
    {}.popitem()
except KeyError as e:
    print(type(e).__name__, e)
try:
    d[[1]] = 2
except TypeError as e:
    print(type(e).__name__, e)
try:
    del d["nope"]
except KeyError as e:
    print(type(e).__name__, e)
try:
    d[(1, 2)]
except KeyError as e:
    print(type(e).__name__, e)
try:
    {1: 2}[""]
except KeyError as e:
    print(type(e).__name__, e, repr(e))
del d["b"]
print(d)
print(dict(a=1, b=2), dict([("x", 1), ("y", 2)]), dict({"k": 1}, j=2), dict(zip("ab", [1, 2])), dict())
try:
    dict([1, 2])
except TypeError as e:
    print(type(e).__name__, e)
try:
    dict([("a", 1, 2)])
except ValueError as e:
    print(type(e).__name__, e)
