# subclass reflected methods take priority; NotImplemented chains
class Base:
    def __init__(self, v):
        self.v = v
    def __add__(self, o):
        print(f"  {type(self).__name__}.__add__")
        return NotImplemented if not isinstance(o, Base) else type(self)(self.v + o.v)
    def __radd__(self, o):
        print(f"  {type(self).__name__}.__radd__")
        return type(self)(self.v + (o.v if isinstance(o, Base) else o))
    def __repr__(self):
        return f"{type(self).__name__}({self.v})"
class Derived(Base):
    def __radd__(self, o):
        print("  Derived.__radd__ (override)")
        return Derived(100 + self.v + (o.v if isinstance(o, Base) else o))
print(Base(1) + Base(2))
print(Base(1) + Derived(2))
print(Derived(1) + Base(2))
print(5 + Base(1))
print(5 + Derived(1))
class Left:
    def __add__(self, o):
        print("  Left.__add__ -> NotImplemented")
        return NotImplemented
class Right:
    def __radd__(self, o):
        print("  Right.__radd__")
        return "right wins"
print(Left() + Right())
try:
    Left() + Left()
except TypeError as e:
    print(type(e).__name__, e)
class EqA:
    def __eq__(self, o):
        print("  EqA.__eq__")
        return NotImplemented
class EqB:
    def __eq__(self, o):
        print("  EqB.__eq__")
        return NotImplemented
print(EqA() == EqB())
print(EqA() != EqB())
