# The builtins namespace gets most names on their first lookup: a name found is the same
# object however it is reached, and replacing or deleting one holds.
f = len
print(f("abc"), f is len, callable(print))
print(repr(exit), type(quit).__name__)
print(int is type(1), type(int) is type, issubclass(bool, int), dict.__name__, frozenset())
print(isinstance(range(3), range), super, reversed.__name__, type(None).__name__)


def g():
    return sorted([3, 1, 2]), max(4, 9), isinstance(1, int)


print(g(), g())

# A module global shadows a builtin until it is deleted.
len = lambda x: -1
print(len("ab"))
del len
print(len("ab"))

# Code run with its own builtins sees only those; with none given, the VM's.
exec("print(len('xyz'))", {"__builtins__": {"print": print, "len": len}})
print(eval("divmod(7, 2)", {}), eval("round(2.5)"))
try:
    exec("print(abs(-1))", {"__builtins__": {"print": print}})
except NameError as e:
    print("NameError:", e)

def builtins_dict():
    # A module's `__builtins__` read as a dict (as in a module CPython imports).
    return globals()["__builtins__"]


b = builtins_dict()
if not isinstance(b, dict):
    b = b.__dict__
print(sorted(k for k in b if k.startswith("zi")), b["hex"](255), "ord" in b)

import builtins

print(builtins.len is f, builtins.print is print, builtins.exit is exit)
print("quit" in dir(builtins), "hex" in vars(builtins), "FileExistsError" in dir(builtins))
print(builtins.int is int, "zip" in dir(builtins), "NoneType" in dir(builtins))
builtins.abs = lambda x: "mine"
print(abs(-3))
del builtins.abs
try:
    abs(-3)
except NameError as e:
    print("NameError:", e)
print(getattr(builtins, "min")(3, 2), hasattr(builtins, "no_such_builtin"))
