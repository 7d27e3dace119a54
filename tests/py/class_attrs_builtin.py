# getattr/setattr/hasattr/delattr, vars, __dict__
class Cfg:
    default = "d"
    def __init__(self):
        self.a = 1
c = Cfg()
print(getattr(c, "a"), getattr(c, "default"), getattr(c, "nope", "fallback"), hasattr(c, "a"), hasattr(c, "zz"))
setattr(c, "b", 2)
setattr(c, "with space", 3)
print(c.b, getattr(c, "with space"), sorted(vars(c)))
delattr(c, "a")
print(hasattr(c, "a"), sorted(c.__dict__))
try:
    getattr(c, "nope")
except AttributeError as e:
    print(type(e).__name__, e)
try:
    delattr(c, "nope")
except AttributeError as e:
    print(type(e).__name__, e)
try:
    getattr(c, 5)
except TypeError as e:
    print(type(e).__name__, e)
try:
    setattr(5, "x", 1)
except AttributeError as e:
    print(type(e).__name__, e)
try:
    object().x = 1
except AttributeError as e:
    print(type(e).__name__, e)
for name in ["upper", "lower", "strip"]:
    print(getattr("  Mixed  ", name)())
print(getattr([], "append").__name__, hasattr(1, "real"), getattr(Cfg, "default"))
class Dyn:
    def __getattr__(self, name):
        if name.startswith("get_"):
            return lambda: name[4:]
        raise AttributeError(f"no {name}")
d = Dyn()
print(d.get_thing(), hasattr(d, "other"), getattr(d, "other", "dflt"))
class Guard:
    def __setattr__(self, name, value):
        if name.startswith("_"):
            raise AttributeError("private!")
        object.__setattr__(self, name, value.upper() if isinstance(value, str) else value)
g = Guard()
g.name = "abc"
print(g.name)
try:
    g._p = 1
except AttributeError as e:
    print(type(e).__name__, e)
