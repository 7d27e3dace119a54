# Mapping patterns: dicts and dict subclasses, lookups through get(), **rest.


def describe(v):
    match v:
        case {"type": "point", "x": x, "y": y}:
            return f"point {x},{y}"
        case {"type": "circle", "r": r, **rest}:
            return f"circle r={r} extra={sorted(rest.items())}"
        case {1: one, None: none}:
            return f"int and None keys: {one} {none}"
        case {}:
            return f"some other mapping of {len(v)}"
        case _:
            return "not a mapping"


for v in [{"type": "point", "x": 1, "y": 2, "z": 3}, {"type": "circle", "r": 5},
          {"type": "circle", "r": 5, "color": "red", "fill": True}, {1: "a", None: "b"},
          {1.0: "float key", None: 0}, {True: "bool key", None: 1}, {}, {"type": "point"},
          [("type", "point")], "type", 7]:
    print(describe(v))


# **rest is a new dict: changing it leaves the subject alone.
d = {"a": 1, "b": 2, "c": 3}
match d:
    case {"a": _, **rest}:
        rest["z"] = 26
        print(rest, d)
match d:
    case {**everything}:
        print(everything == d, everything is d)


# Keys are looked up with get(key, sentinel): __missing__ is never called, and a dict
# subclass may override get.
class WithMissing(dict):
    def __missing__(self, key):
        print("  __missing__", key)
        return 0


class Logged(dict):
    def get(self, key, default=None):
        print("  get", repr(key))
        return dict.get(self, key, default)


match WithMissing(a=1):
    case {"b": b}:
        print("b found", b)
    case {"a": a}:
        print("a found", a)

match Logged(x=1, y=2):
    case {"y": y, "x": x}:
        print("logged match", x, y)


class Fake(dict):
    def get(self, key, default=None):
        return "always"


match Fake():
    case {}:
        print("an empty Fake matches {}")
match Fake():
    case {"anything": v}:
        print("Fake with no length", v)
    case _:
        print("length check first: a Fake of length 0 cannot have a key")
match Fake(k=1):
    case {"anything": v}:
        print("Fake answered", v)


# Attribute keys are evaluated at run time.
class K:
    A = "a"
    B = "b"
    SAME = "a"


match {"a": 1, "b": 2}:
    case {K.A: 1, K.B: x}:
        print("attribute keys", x)

try:
    match {"a": 1, "b": 2}:
        case {K.A: x, K.SAME: y}:
            print("no")
except ValueError as e:
    print(type(e).__name__, e)


class U:
    LIST = [1]


try:
    match {"a": 1}:
        case {U.LIST: x}:
            print("no")
except TypeError as e:
    print(type(e).__name__, e)

# Values are matched with sub-patterns of any kind.
match {"items": [1, 2, 3], "meta": {"ok": True}}:
    case {"items": [first, *others], "meta": {"ok": True as ok}}:
        print(first, others, ok)
