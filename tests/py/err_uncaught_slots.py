# uncaught AttributeError assigning an unknown attribute on a __slots__ class
class Vec2:
    __slots__ = ("x", "y")
    def __init__(self, x, y):
        self.x = x
        self.y = y
    def scale(self, k):
        self.x *= k
        self.y *= k
        self.scaled = True
        return self
v = Vec2(1, 2)
print(v.x, v.y)
v.scale(3)
