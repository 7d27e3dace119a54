# Metaclasses: metaclass=, subclasses of type, __prepare__, __call__, __new__/__init__ of a
# metaclass, inheritance of the metaclass, conflicts, and methods and properties of the
# metaclass seen from the class.


class Meta(type):
    def __new__(mcls, name, bases, ns, **kw):
        ns["created_by"] = mcls.__name__
        ns["kw"] = kw
        return super().__new__(mcls, name, bases, ns)

    def __init__(cls, name, bases, ns, **kw):
        super().__init__(name, bases, ns)
        cls.registry = getattr(cls, "registry", []) + [name]

    def describe(cls):
        return f"{cls.__name__} made by {cls.created_by}"

    @property
    def upper_name(cls):
        return cls.__name__.upper()


class Base(metaclass=Meta, flavour="plain"):
    def hello(self):
        return "hello from " + type(self).__name__


class Child(Base):
    pass


print(type(Base).__name__, type(Child).__name__, isinstance(Child, Meta))
print(Base.created_by, Base.kw, Child.kw)
print(Base.registry, Child.registry)
print(Child.describe(), Child.upper_name)
print(Child().hello(), isinstance(Child(), Base))
print(type(Child) is Meta, Meta.__mro__[1] is type)


class Counting(type):
    calls = 0

    def __call__(cls, *args, **kwargs):
        Counting.calls += 1
        obj = super().__call__(*args, **kwargs)
        obj.serial = Counting.calls
        return obj


class Widget(metaclass=Counting):
    def __init__(self, size):
        self.size = size


w1, w2 = Widget(3), Widget(size=5)
print(w1.size, w1.serial, w2.size, w2.serial, Counting.calls)


class Ordered(type):
    @classmethod
    def __prepare__(mcls, name, bases, **kw):
        print("prepare", name, [b.__name__ for b in bases])
        return {"prepared": True}

    def __new__(mcls, name, bases, ns):
        cls = super().__new__(mcls, name, bases, dict(ns))
        cls.names = [k for k in ns if not k.startswith("__")]
        return cls


class Form(metaclass=Ordered):
    zeta = 1
    alpha = 2

    def gamma(self):
        pass


print(Form.prepared, Form.names)


class M1(type):
    pass


class M2(type):
    pass


class A(metaclass=M1):
    pass


class B(metaclass=M2):
    pass


try:
    class C(A, B):
        pass
except TypeError as e:
    print("TypeError:", e)


class M3(M1):
    pass


class D(A, metaclass=M3):
    pass


print(type(D).__name__)


def factory(name, bases, ns, **kw):
    print("factory", name, bases, sorted(k for k in ns if not k.startswith("__")), kw)
    return len(ns)


class NotAClass(metaclass=factory, extra=1):
    x = 1


print(NotAClass)

T = type("T", (A,), {"v": 4})
print(type(T).__name__, T.v, T.__bases__ == (A,))
X = M1("X", (), {"w": 9})
print(type(X).__name__, X.w, X.__name__)


class Reprs(type):
    def __repr__(cls):
        return f"<Reprs {cls.__name__}>"

    def __len__(cls):
        return 42

    def __iter__(cls):
        return iter(range(3))

    def __getitem__(cls, k):
        return k * 2

    def __contains__(cls, k):
        return k == "yes"


class R(metaclass=Reprs):
    pass


print(repr(R), str(R), len(R), list(R), R[21], "yes" in R, "no" in R)
