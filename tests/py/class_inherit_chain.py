# deeper inheritance chains, method resolution, overriding class attributes
class Base:
    name = "base"
    def hello(self):
        return f"hello from {self.name} via Base"
    def template(self):
        return f"[{self.step1()}|{self.step2()}]"
    def step1(self):
        return "B1"
    def step2(self):
        return "B2"
class Mid(Base):
    name = "mid"
    def step1(self):
        return "M1"
class Leaf(Mid):
    def step2(self):
        return "L2+" + super().step2()
    def hello(self):
        return super().hello().upper()
for obj in (Base(), Mid(), Leaf()):
    print(type(obj).__name__, obj.hello(), obj.template())
print([k.__name__ for k in Leaf.__mro__], Leaf.name, Leaf.__base__.__name__)
print(hasattr(Leaf, "step1"), "step1" in Leaf.__dict__, "step2" in Leaf.__dict__)
class Shape:
    sides = 0
    def __init__(self, *dims):
        self.dims = dims
    def area(self):
        raise NotImplementedError(type(self).__name__)
    def __repr__(self):
        return f"{type(self).__name__}{self.dims}"
class Rect(Shape):
    sides = 4
    def area(self):
        return self.dims[0] * self.dims[1]
class Square(Rect):
    def __init__(self, s):
        super().__init__(s, s)
class Tri(Shape):
    sides = 3
    def area(self):
        b, h = self.dims
        return b * h / 2
shapes = [Rect(2, 3), Square(4), Tri(3, 5), Shape()]
for s in shapes:
    try:
        print(s, s.sides, s.area())
    except NotImplementedError as e:
        print(s, "abstract:", e)
print(sorted((s for s in shapes if type(s) is not Shape), key=lambda s: s.area()))
print(isinstance(Square(1), Rect), issubclass(Square, Shape), type(Square(1)).__mro__[2].__name__)
