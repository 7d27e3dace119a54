# Annotations of names in module and class bodies are evaluated and recorded in
# __annotations__ (in order, also inside if/for/try blocks); those of attributes, subscripts
# and function locals are not recorded.
import sys

count: int = 3
label: "a string"
print(__annotations__)
print("label" in globals(), count)


def side(v):
    print("evaluated", v)
    return v


class Record:
    """A record."""
    a: side(int)
    b: str = "b"
    if True:
        c: side("cond") = 1
    for i in range(1):
        d: float
    try:
        e: bytes
    except Exception:
        pass
    obj = [0]
    obj[0]: side("subscript") = 5
    obj[0]: side("subscript, no value")


print(Record.__annotations__)
print(Record.__doc__, Record.b, Record.c, Record.obj, hasattr(Record, "a"))


class NoAnnotations:
    x = 1


print("__annotations__" in NoAnnotations.__dict__)


def f():
    local: side("never") = 2
    return local


print(f(), "local" in f.__code__.co_varnames)


class Outer:
    class Inner:
        z: list

    w: dict


print(Outer.__annotations__, Outer.Inner.__annotations__)
try:
    class Broken:
        v: undefined_annotation_name
except NameError as e:
    print(type(e).__name__, e)
sys.attr_target: side("attribute")
print(hasattr(sys, "attr_target"))
