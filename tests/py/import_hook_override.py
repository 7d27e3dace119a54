# Import statements call builtins.__import__, so replacing it intercepts them (with
# CPython's arguments); restoring it restores normal imports.
import builtins

real_import = builtins.__import__
seen = []


def spy(name, globals=None, locals=None, fromlist=(), level=0):
    seen.append((name, fromlist, level, locals is None))

    class Fake:
        attr = "fake-attr"
        other = "fake-other"

    return Fake


builtins.__import__ = spy
import nothing_here
import nothing_here.deeper
from nothing_here import attr
from nothing_here.sub import attr, other


def in_function():
    import json

    return json


mod = in_function()
builtins.__import__ = real_import
for entry in seen:
    print(entry)
print(attr, other, mod.attr)
import json

print(json.dumps([1]))
print(__import__("math").floor(2.5))
