# dataclasses: @dataclass with and without arguments, defaults, field(), repr, eq, order,
# frozen instances, hashing, __post_init__, inheritance of fields, and the errors.
from dataclasses import dataclass, field, fields, FrozenInstanceError, is_dataclass


@dataclass
class Point:
    x: int
    y: int = 0


p = Point(1, 2)
print(p, Point(3), Point(y=5, x=4))
print(p == Point(1, 2), p == Point(2, 1), p != Point(1, 2), p == (1, 2))
print(Point.__init__.__qualname__, Point.x if hasattr(Point, "x") else "no x", Point.y)
print([f.name for f in fields(Point)], [f.name for f in fields(p)])
print(is_dataclass(Point), is_dataclass(p), is_dataclass(3), is_dataclass(int))
print(Point.__hash__, Point.__match_args__)

for args, kw in [((), {}), ((1, 2, 3), {}), ((1,), {"x": 2}), ((1,), {"z": 3})]:
    try:
        Point(*args, **kw)
    except TypeError as e:
        print(type(e).__name__, e)


@dataclass(order=True, frozen=True)
class Version:
    major: int
    minor: int = 0
    tag: str = field(default="", compare=False, repr=False)


vs = [Version(1, 2), Version(0, 9, "rc"), Version(1, 0), Version(1, 2, "x")]
print(sorted(vs))
print(Version(1, 2) < Version(1, 3), Version(2) >= Version(1, 9), Version(1, 2) == Version(1, 2, "y"))
print(hash(Version(1, 2)) == hash(Version(1, 2, "other")), len({Version(1), Version(1, 0)}))
v = Version(1)
for action in (lambda: setattr(v, "major", 3), lambda: delattr(v, "minor"),
               lambda: setattr(v, "new", 1)):
    try:
        action()
    except FrozenInstanceError as e:
        print(type(e).__name__, e, isinstance(e, AttributeError))
try:
    Version(1) < (1, 0)
except TypeError as e:
    print(type(e).__name__, e)


@dataclass()
class Inventory:
    name: str
    items: list = field(default_factory=list)
    count: int = field(default=0, init=False)
    secret: str = field(default="s", repr=False)

    def __post_init__(self):
        self.count = len(self.items)


a = Inventory("a")
b = Inventory("b", [1, 2])
a.items.append(9)
print(a, b, Inventory("c").items)
try:
    Inventory("d", count=3)
except TypeError as e:
    print(type(e).__name__, e)


@dataclass
class Point3(Point):
    z: int = 0
    label: str = "p"


q = Point3(1, 2, 3)
print(q, [f.name for f in fields(q)], q == Point(1, 2))


@dataclass(eq=False, repr=False)
class Plain:
    a: int


print(Plain(1) == Plain(1), Plain.__hash__ is object.__hash__, "object at" in repr(Plain(1)))


@dataclass(unsafe_hash=True)
class Key:
    k: str
    w: int = field(default=1, hash=False)


print(hash(Key("a", 1)) == hash(Key("a", 2)), Key("a") == Key("a", 2))


class Custom:
    def __repr__(self):
        return "custom"


@dataclass
class Wrapper:
    value: object
    other: "Wrapper" = None


w = Wrapper(Custom())
w.other = w
print(w)

errors = [
    lambda: field(default=1, default_factory=list),
    lambda: dataclass(order=True, eq=False)(type("T", (), {})),
]
for make in errors:
    try:
        make()
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)
try:
    @dataclass
    class Bad:
        a: int = 1
        b: int
except TypeError as e:
    print(type(e).__name__, e)
try:
    @dataclass
    class Mutable:
        a: list = []
except ValueError as e:
    print(type(e).__name__, e)
try:
    @dataclass(order=True)
    class Ordered:
        a: int

        def __lt__(self, other):
            return True
except TypeError as e:
    print(type(e).__name__, e)
try:
    fields(3)
except TypeError as e:
    print(type(e).__name__, e)
