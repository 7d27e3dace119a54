# Class patterns: isinstance, __match_args__, keyword sub-patterns, builtin types that
# match themselves, and the run-time errors.


class Point:
    __match_args__ = ("x", "y")

    def __init__(self, x, y):
        self.x = x
        self.y = y


class Point3(Point):
    __match_args__ = ("x", "y", "z")

    def __init__(self, x, y, z):
        super().__init__(x, y)
        self.z = z


class Plain:
    def __init__(self):
        self.a = 1


def where(p):
    match p:
        case Point3(0, 0, 0):
            return "3d origin"
        case Point3(x, y, z=z) if z > 0:
            return f"above {x},{y} at {z}"
        case Point(0, 0):
            return "origin"
        case Point(0, y):
            return f"on the y axis at {y}"
        case Point(x=0) | Point(y=0):
            return "on an axis"
        case Point(x, y=yy):
            return f"at {x},{yy}"
        case Plain(a=1):
            return "plain with a=1"
        case Plain():
            return "plain"
        case object(missing=1):
            return "never"
        case _:
            return "unknown"


for p in [Point3(0, 0, 0), Point3(1, 2, 3), Point3(1, 2, -3), Point(0, 0), Point(0, 5),
          Point(4, 0), Point(4, 5), Plain(), 7]:
    print(where(p))


def builtin(v):
    match v:
        case bool(b):
            return f"bool {b}"
        case int(i):
            return f"int {i}"
        case float(f):
            return f"float {f}"
        case str(s):
            return f"str {s!r}"
        case bytes(b) | bytearray(b):
            return f"{type(b).__name__} {b!r}"
        case list([first, *_]):
            return f"list starting {first}"
        case tuple((a, b)):
            return f"pair {a} {b}"
        case dict({"k": val}):
            return f"dict with k={val}"
        case set(s) | frozenset(s):
            return f"{type(s).__name__} of {len(s)}"
        case _:
            return "other"


for v in [True, 3, 2.5, "s", b"b", bytearray(b"ba"), [9, 8], (1, 2), {"k": 0},
          {1, 2}, frozenset(), None, [], (1,)]:
    print(builtin(v))


class MyList(list):
    pass


class Row(list):
    __match_args__ = ("size",)

    @property
    def size(self):
        return len(self)


match MyList([5]):
    case list(x):
        print("subclass of list matches itself:", x, type(x).__name__)
match Row([6, 7]):
    case Row(n):
        print("own __match_args__ wins:", n)
