# None semantics: identity, equality, truthiness, default arguments
def f(x=None):
    if x is None:
        x = []
    x.append(1)
    return x
print(f(), f(), f([0]))
a = None
print(a is None, a == None, a is not None, not a, bool(a), str(a), repr(a), type(a).__name__)
d = {"k": None}
print(d.get("k"), d.get("missing"), "k" in d, d.get("k", "dflt"), d.get("missing", "dflt"))
def nothing():
    pass
print(nothing() is None, [nothing(), print()] == [None, None])
print(sorted([3, 1, 2], key=lambda v: (v is None, v)), [x for x in [0, None, "", False] if x is not None])
try:
    None + 1
except TypeError as e:
    print(type(e).__name__, e)
try:
    None.append(1)
except AttributeError as e:
    print(type(e).__name__, e)
try:
    len(None)
except TypeError as e:
    print(type(e).__name__, e)
try:
    for _ in None:
        pass
except TypeError as e:
    print(type(e).__name__, e)
print(None if 0 else "else", 0 or None, None or 0, None and 1)
