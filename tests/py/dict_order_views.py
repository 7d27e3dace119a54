# insertion order, views, iteration, | merge
d = {}
for k in ["zeta", "alpha", "mid", "beta"]:
    d[k] = len(k)
print(list(d), d)
d["alpha"] = 99
print(list(d))
del d["zeta"]
d["zeta"] = 0
print(list(d))
ks, vs, its = d.keys(), d.values(), d.items()
d["new"] = 1
print(ks, vs, its, len(ks))
print("mid" in ks, 4 in vs, ("mid", 3) in its, ("mid", 4) in its)
print(sorted(ks & {"mid", "zzz"}), sorted(ks | {"q"}), sorted(ks - {"mid"}), list(reversed(d)))
a = {"x": 1, "y": 2}
b = {"y": 20, "z": 30}
print(a | b, b | a, {**a, **b}, {**b, "w": 0})
a |= b
print(a)
try:
    a | [("k", 1)]
except TypeError as e:
    print(type(e).__name__, e)
for k, v in d.items():
    print(k, v, end=" | ")
print()
try:
    for k in d:
        d[k + "!"] = 1
except RuntimeError as e:
    print(type(e).__name__, e)
print({1: "a", 1.0: "b", True: "c"}, {(1, 2): 3}, {None: 1}[None])
print(d == dict(d), {"a": 1, "b": 2} == {"b": 2, "a": 1}, {"a": 1} != {"a": 1.0})
try:
    {"a": 1} < {"b": 2}
except TypeError as e:
    print(type(e).__name__, e)
