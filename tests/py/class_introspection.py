# Introspection of classes: dir() with and without __dir__, __subclasses__, a metaclass's
# __instancecheck__ and __subclasscheck__, __bases__ and __mro__ of several bases, renaming.


class Plain:
    x = 1

    def f(self):
        pass


print(dir(Plain()))
print([n for n in dir(Plain) if not n.startswith("__")])


class Custom:
    def __dir__(self):
        return ["zeta", "alpha", "beta"]


print(dir(Custom()))


class Base:
    pass


class K1(Base):
    pass


class K2(Base):
    pass


class K3(K1):
    pass


print([c.__name__ for c in Base.__subclasses__()], [c.__name__ for c in K1.__subclasses__()])


class Duck(type):
    def __instancecheck__(cls, obj):
        return hasattr(obj, "quack")

    def __subclasscheck__(cls, sub):
        return hasattr(sub, "quack")


class Quacker(metaclass=Duck):
    pass


class Robot:
    def quack(self):
        return "beep"


print(isinstance(Robot(), Quacker), isinstance(1, Quacker), issubclass(Robot, Quacker))
print(issubclass(int, Quacker), isinstance(Robot(), (int, Quacker)))


class A:
    pass


class B:
    pass


class C(A, B):
    pass


print(C.__bases__, [k.__name__ for k in C.__mro__], C.__base__.__name__)
print(type.__bases__, object.__bases__, type(type) is type, isinstance(type, object))
C.__name__ = "Renamed"
print(C.__name__, C.__qualname__, repr(C))
print(Plain.__dict__["x"], "f" in Plain.__dict__, Plain().__sizeof__() > 0)
print(object().__lt__(1), Plain().__ge__(Plain()), Plain.__subclasshook__(int))
