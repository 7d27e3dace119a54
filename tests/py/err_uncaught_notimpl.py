# uncaught NotImplementedError from an abstract method
class Shape:
    def area(self):
        raise NotImplementedError("subclasses must implement area()")
    def describe(self):
        return f"{type(self).__name__} with area {self.area()}"
class Square(Shape):
    def __init__(self, s):
        self.s = s
    def area(self):
        return self.s ** 2
class Blob(Shape):
    pass
for shape in [Square(3), Blob()]:
    print(shape.describe())
