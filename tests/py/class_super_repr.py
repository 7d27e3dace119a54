# repr and str of super objects name the class and the bound receiver's type


class Shape:
    def describe(self):
        return "shape"


class Square(Shape):
    def show(self):
        return repr(super())

    def show_str(self):
        return str(super())

    @classmethod
    def show_cls(cls):
        return repr(super())


class Tile(Square):
    pass


print(Square().show())
print(Square().show_str())
print(Tile().show())
print(Square.show_cls())
print(Tile.show_cls())
print(repr(super(Square, Tile())))
print(repr(super(Shape, Square())))
print(super(Square, Tile()).describe())
