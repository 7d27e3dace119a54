# classes: attributes, instances, __dict__
class Point:
    dims = 2
    def __init__(self, x, y):
        self.x = x
        self.y = y
    def norm2(self):
        return self.x ** 2 + self.y ** 2
    def __repr__(self):
        return f"Point({self.x}, {self.y})"
p = Point(3, 4)
q = Point(1, 1)
print(p, p.norm2(), p.dims, Point.dims, p.__dict__, type(p).__name__, type(p) is Point)
p.dims = 3
print(p.dims, q.dims, Point.dims)
Point.dims = 10
print(p.dims, q.dims)
del p.dims
print(p.dims)
p.z = 5
print(sorted(p.__dict__), hasattr(q, "z"))
print(isinstance(p, Point), isinstance(p, object), Point.__name__, Point.__qualname__)
class Empty:
    pass
e = Empty()
e.a = 1
print(e.__dict__, vars(e), Empty.__bases__ == (object,), type(Empty).__name__)
try:
    q.missing
except AttributeError as ex:
    print(type(ex).__name__, ex)
try:
    Point(1)
except TypeError as ex:
    print(type(ex).__name__, ex)
try:
    Point.norm2()
except TypeError as ex:
    print(type(ex).__name__, ex)
class Counter:
    instances = 0
    def __init__(self):
        Counter.instances += 1
        self.id = Counter.instances
cs = [Counter() for _ in range(3)]
print(Counter.instances, [c.id for c in cs])
print(str(type(p)), repr(Point) == "<class '__main__.Point'>", str(int), type(None), type(len))
