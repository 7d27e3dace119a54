# staticmethods and classmethods called hot through the class, an instance and a subclass
# (whose classmethods get the subclass), an instance attribute shadowing one, a metaclass
# attribute of the same name, and attributes replaced while the loop runs.


class Meta(type):
    def tag(cls):
        return "meta"


class C:
    @staticmethod
    def s(a):
        return a + 1

    @classmethod
    def c(cls, a):
        return (cls.__name__, a + 2)

    @classmethod
    def kw(cls, a, *, b=3):
        return a * b


class D(C):
    pass


class M(metaclass=Meta):
    @classmethod
    def tag(cls):
        return "class"

    @staticmethod
    def st():
        return "static"


o, d = C(), D()
t = 0
names = []
for i in range(3000):
    t += C.s(i) + o.s(i) + D.s(i) + d.s(i)
    t += C.c(i)[1] + o.c(i)[1] + C.kw(i, b=2) + d.kw(i)
    names.append(D.c(i)[0] + d.c(i)[0] + C.c(i)[0])
    if i == 1000:
        o.s = lambda a: -a
    if i == 2000:
        C.s = staticmethod(lambda a: a * 2)
print(t)
print(sorted(set(names)))
print(o.s(5), C.s(5), d.s(5))
for i in range(3):
    print(M.tag(), M().tag(), M.st(), M().st())
    try:
        C.s(1, 2)
    except TypeError as e:
        print(type(e).__name__, e)
    try:
        o.c()
    except TypeError as e:
        print(type(e).__name__, e)
