# __new__ on instantiation and called explicitly, object.__new__'s argument rules,
# __getattribute__ with __getattr__ fallback, __class_getitem__, __init_subclass__ with
# keyword arguments, __class__ assignment, bound-method equality.


class Singleton:
    _inst = None

    def __new__(cls, *args):
        print("new", cls.__name__, args)
        if cls._inst is None:
            cls._inst = super().__new__(cls)
        return cls._inst

    def __init__(self, v):
        print("init", v)
        self.v = v


a = Singleton(1)
b = Singleton(2)
print(a is b, a.v)
c = a.__new__(Singleton)
print(c is a, type(c).__name__)


class NotMine:
    def __new__(cls):
        return 42

    def __init__(self):
        print("never runs")


print(NotMine())


class Plain:
    pass


for args in [(1,), ()]:
    try:
        Plain(*args)
        print("ok", args)
    except TypeError as e:
        print("TypeError:", e)
try:
    object.__new__(Plain, 1)
except TypeError as e:
    print("TypeError:", e)


class Proxy:
    def __init__(self, target):
        object.__setattr__(self, "target", target)
        object.__setattr__(self, "log", [])

    def __getattribute__(self, name):
        log = object.__getattribute__(self, "log")
        log.append(name)
        if name == "magic":
            return 7
        return object.__getattribute__(self, name)

    def __getattr__(self, name):
        return getattr(object.__getattribute__(self, "target"), name)


p = Proxy([3, 1, 2])
print(p.magic, p.count(1), p.log)
n = 0
for i in range(200):
    n += p.magic
print(n, len(p.log))


class Box:
    def __class_getitem__(cls, item):
        return f"{cls.__name__}[{item.__name__}]"


print(Box[int], Box[str])


class Plugin:
    plugins = []

    def __init_subclass__(cls, name=None, **kw):
        super().__init_subclass__(**kw)
        Plugin.plugins.append((cls.__name__, name))


class Alpha(Plugin, name="alpha"):
    pass


class Beta(Plugin):
    pass


print(Plugin.plugins)
try:
    class Gamma(Alpha, colour="red"):
        pass
except TypeError as e:
    print("TypeError:", e)


class Cat:
    def speak(self):
        return "meow " + self.name


class Dog:
    def speak(self):
        return "woof " + self.name


pet = Cat()
pet.name = "rex"
print(pet.speak())
pet.__class__ = Dog
print(type(pet).__name__, pet.speak(), isinstance(pet, Dog))
try:
    pet.__class__ = int
except TypeError as e:
    print("TypeError:", e)


class Meth:
    def m(self):
        return 1


m = Meth()
print(m.m == m.m, m.m is m.m, m.m != Meth().m, hash(m.m) == hash(m.m))
