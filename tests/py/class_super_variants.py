# super() in classmethods, properties, and with explicit two-argument form
class Base:
    registry = []
    @classmethod
    def create(cls, *args):
        obj = cls(*args)
        Base.registry.append(type(obj).__name__)
        return obj
    def __init__(self, v):
        self.v = v
    @property
    def label(self):
        return f"base:{self.v}"
    def __repr__(self):
        return f"{type(self).__name__}({self.v})"
class Child(Base):
    @classmethod
    def create(cls, *args):
        obj = super().create(*args)
        obj.extra = "child-made"
        return obj
    @property
    def label(self):
        return "child>" + super().label
class GrandChild(Child):
    def __init__(self, v, w):
        super(Child, self).__init__(v)
        self.w = w
    @property
    def label(self):
        return "grand>" + super().label
c = Child.create(1)
g = GrandChild.create(2, 3)
print(c, c.extra, c.label, g, g.w, g.label, Base.registry)
print(super(GrandChild, g).label, super(Child, g).label)
def outside(obj):
    return super(type(obj), obj).label
print(outside(g), outside(c))
class A:
    def f(self):
        return ["A"]
class B(A):
    def f(self):
        return ["B"] + super().f()
class C(B):
    def f(self):
        r = ["C"]
        r += super(C, self).f()
        r += super(B, self).f()
        return r
print(C().f())
try:
    super(B, A()).f()
except TypeError as e:
    print(type(e).__name__, e)
