# @property with setter and deleter
class Circle:
    def __init__(self, r):
        self._r = r
    @property
    def radius(self):
        return self._r
    @radius.setter
    def radius(self, v):
        if v < 0:
            raise ValueError("radius must be non-negative")
        self._r = v
    @radius.deleter
    def radius(self):
        print("deleting radius")
        del self._r
    @property
    def area(self):
        return round(3.14159 * self._r ** 2, 3)
c = Circle(2)
print(c.radius, c.area)
c.radius = 3
print(c.radius, c.area)
try:
    c.radius = -1
except ValueError as e:
    print(type(e).__name__, e)
try:
    c.area = 5
except AttributeError as e:
    print(type(e).__name__, e)
del c.radius
try:
    c.radius
except AttributeError as e:
    print(type(e).__name__, e)
try:
    del c.area
except AttributeError as e:
    print(type(e).__name__, e)
print(type(Circle.radius).__name__, Circle.area.fget is not None)
class Lazy:
    def __init__(self):
        self.calls = 0
    @property
    def value(self):
        self.calls += 1
        return self.calls * 10
lz = Lazy()
print(lz.value, lz.value, lz.calls)
class Old:
    def get_x(self):
        return "x!"
    x = property(get_x)
print(Old().x)
