# Stores of plain data into class attributes (counters, settings) while instances of the
# class and its subclasses are used in hot loops: reads through instances, subclasses and
# the class see each new value; a store that changes what the name is (a method, a
# property, a special method) still takes effect everywhere.


class Base:
    count = 0
    label = "base"
    big = 1 << 70
    ratio = 0.5
    flag = None

    def __init__(self, x):
        self.x = x
        Base.count += 1

    def get(self):
        return self.x + Base.count


class Mid(Base):
    def get(self):
        return super().get() * 2


class Leaf(Mid):
    label = "leaf"


def run(n):
    total = 0
    for i in range(n):
        obj = (Base, Mid, Leaf)[i % 3](i)
        total += obj.get() + obj.count + Leaf.count
        if i % 50 == 0:
            Base.label = f"base{i}"
            Base.big += 1
            Base.ratio = Base.ratio * 2 if i % 100 else 0.25
            Base.flag = (i % 2 == 0)
    return total


print(run(600), Base.count, Mid.count, Leaf.count)
print(Base.label, Mid.label, Leaf.label, Mid(0).label)
print(Base.big, Mid.big, Base.ratio, Leaf.ratio, Base.flag)

# The same name turned into a method, then a property, then back into data.
b = Base(1)
Base.mode = 1
print(b.mode, Leaf.mode)
for i in range(200):
    Base.mode = i
    b.mode + Leaf(i).mode
print(b.mode, Leaf.mode)
Base.mode = lambda self: "method"
print(b.mode(), Leaf(2).mode())
Base.mode = property(lambda self: "property")
print(b.mode, Mid(3).mode)
Base.mode = 7
print(b.mode, Leaf.mode, Mid(4).mode)


# A subclass that shadows the name keeps its own value.
class Own(Base):
    count = 100


Base.count = 8
print(Own.count, Own(0).count, Base.count)

# A special-method name takes the general path: the new __len__ is seen at once.
class Sized:
    size = 3
    __len__ = None


s = Sized()
try:
    len(s)
except TypeError as e:
    print("TypeError", e)
Sized.__len__ = lambda self: Sized.size
print(len(s))
Sized.size = 5
print(len(s))
Sized.__len__ = None
try:
    len(s)
except TypeError as e:
    print("TypeError", e)

# Instance attributes of the same name shadow the class's value.
class Cfg:
    mode = "a"


c = Cfg()
c.mode = "inst"
Cfg.mode = "b"
print(c.mode, Cfg().mode, Cfg.mode)
del c.mode
print(c.mode)
