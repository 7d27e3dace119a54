# Assigning __bases__ of a user class recomputes its MRO and its subclasses' MROs;
# cycles, non-classes and incompatible layouts are refused; __mro__ is read-only.


class Left:
    def who(self):
        return "left"


class Right:
    def who(self):
        return "right"

    def extra(self):
        return "extra"


class Mid(Left):
    pass


class Leaf(Mid):
    pass


leaf = Leaf()
names = lambda cls: [k.__name__ for k in cls.__mro__]


def hot_calls(obj, n):
    # A loop hot enough for the faster tiers, before and after the bases change.
    out = None
    for _ in range(n):
        out = obj.who()
    return out


print(hot_calls(leaf, 3000), names(Leaf))
Mid.__bases__ = (Right,)
print(hot_calls(leaf, 3000), leaf.extra(), names(Mid), names(Leaf))
print(isinstance(leaf, Right), isinstance(leaf, Left), issubclass(Leaf, Right))
print(Mid.__base__.__name__, [b.__name__ for b in Mid.__bases__])

for bad in [(Leaf,), (Mid,), [Left], (), (42,), (Left, Left)]:
    try:
        Mid.__bases__ = bad
        print("accepted", bad)
    except TypeError as e:
        print("TypeError:", e)
print(names(Leaf))


class Both(Left, Right):
    pass


try:
    Mid.__bases__ = (Left, Both)
except TypeError as e:
    print("TypeError:", str(e).replace("\n", " "))
print(names(Mid), names(Leaf))

Mid.__bases__ = (Left, Right)
print(names(Leaf), leaf.who(), leaf.extra())

for attr in ["__mro__", "__base__"]:
    try:
        setattr(Mid, attr, ())
    except AttributeError as e:
        print("AttributeError:", e)


def attempt(make):
    try:
        make()
        print("ok")
    except TypeError as e:
        print("TypeError:", e)


def unrelated_base():
    class P: pass
    class Q: pass
    Q.__bases__ = (P,)


def back_to_object():
    class P: pass
    class Q(P): pass
    Q.__bases__ = (object,)


def object_again():
    class Q: pass
    Q.__bases__ = (object,)


def other_list_subclass():
    class P(list): pass
    class R(list): pass
    class Q(P): pass
    Q.__bases__ = (R,)


def list_itself():
    class P(list): pass
    class Q(P): pass
    Q.__bases__ = (list,)


def with_int():
    class P: pass
    class Q(P): pass
    Q.__bases__ = (P, int)


for make in [unrelated_base, back_to_object, object_again, other_list_subclass, list_itself, with_int]:
    attempt(make)
try:
    int.__bases__ = (object,)
except TypeError as e:
    print("TypeError:", e)
