# User descriptors: __get__, __set__, __delete__, __set_name__, data vs non-data precedence,
# descriptors on classes, and the same access inside hot loops (traces must not bypass them).


class Typed:
    def __init__(self, kind):
        self.kind = kind

    def __set_name__(self, owner, name):
        self.name = name
        self.owner = owner.__name__

    def __get__(self, obj, objtype=None):
        if obj is None:
            return self
        return obj.__dict__.get(self.name, self.kind())

    def __set__(self, obj, value):
        if not isinstance(value, self.kind):
            raise TypeError(f"{self.name} must be {self.kind.__name__}")
        obj.__dict__[self.name] = value

    def __delete__(self, obj):
        print("deleting", self.name)
        obj.__dict__.pop(self.name, None)


class Point:
    x = Typed(int)
    y = Typed(int)
    label = Typed(str)

    def __init__(self, x, y):
        self.x = x
        self.y = y


p = Point(3, 4)
print(p.x, p.y, repr(p.label), Point.x.name, Point.y.owner)
try:
    p.x = "no"
except TypeError as e:
    print("TypeError:", e)
del p.x
print(p.x)


class Lazy:
    """A non-data descriptor: the instance's own attribute shadows it once set."""

    def __init__(self, func):
        self.func = func

    def __get__(self, obj, objtype=None):
        if obj is None:
            return self
        value = self.func(obj)
        obj.__dict__[self.func.__name__] = value
        return value


class Circle:
    def __init__(self, r):
        self.r = r

    @Lazy
    def area(self):
        print("computing")
        return 3 * self.r * self.r


c = Circle(2)
print(c.area, c.area, "area" in c.__dict__)


class Const:
    def __init__(self, v):
        self.v = v

    def __get__(self, obj, objtype=None):
        return (self.v, obj is None, objtype.__name__)


class K:
    c = Const(7)


print(K.c, K().c)


class ReadOnly:
    def __get__(self, obj, objtype=None):
        return 99

    def __set__(self, obj, value):
        raise AttributeError("read-only")


class Holder:
    ro = ReadOnly()


h = Holder()
h.__dict__["ro"] = 5
print(h.ro)
try:
    h.ro = 1
except AttributeError as e:
    print("AttributeError:", e)


class Counter:
    def __init__(self):
        self.gets = 0

    def __get__(self, obj, objtype=None):
        self.gets += 1
        return obj.base + self.gets


class Acc:
    bump = Counter()

    def __init__(self):
        self.base = 100


a = Acc()
total = 0
for i in range(300):
    total += a.bump
print(total, Acc.__dict__["bump"].gets)


class Broken:
    def __set_name__(self, owner, name):
        raise ValueError("no names")


try:
    class Bad:
        b = Broken()
except RuntimeError as e:
    print("RuntimeError:", e, "| cause:", repr(e.__cause__))
