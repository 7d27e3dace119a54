from enum import Enum, IntEnum, StrEnum, auto, unique


class Color(Enum):
    RED = 1
    GREEN = 2
    BLUE = 3
    CRIMSON = 1

    def describe(self):
        return f"{self.name.lower()}={self.value}"

    @classmethod
    def default(cls):
        return cls.GREEN


print(Color.RED, repr(Color.GREEN), Color.RED.name, Color.RED.value, type(Color.RED).__name__)
print(list(Color), len(Color), Color(2), Color["BLUE"], Color.CRIMSON is Color.RED)
print(Color.RED == Color.RED, Color.RED == 1, Color.RED is Color(1), isinstance(Color.RED, Color))
print(Color.RED.describe(), Color.default(), list(Color.__members__), f"{Color.BLUE}")
print(Color.RED in Color, {Color.RED: "r"}[Color.CRIMSON], list(reversed(Color)), Color)
for f in [lambda: Color(7), lambda: Color["PINK"]]:
    try:
        f()
    except (ValueError, KeyError, AttributeError) as e:
        print(type(e).__name__, e)


class Num(IntEnum):
    ONE = 1
    TWO = 2


print(Num.ONE, repr(Num.TWO), Num.ONE + 1, Num.TWO * 3, Num(2), Num.ONE == 1, Num.ONE < Num.TWO)
print(sorted([Num.TWO, Num.ONE]), f"{Num.TWO:03d}", int(Num.TWO), isinstance(Num.ONE, int))


class Step(Enum):
    A = auto()
    B = auto()
    C = 10
    D = auto()


print(list(Step), [s.value for s in Step])


class Mode(StrEnum):
    READ = auto()
    WRITE = "w"


print(Mode.READ, repr(Mode.WRITE), Mode.READ == "read", Mode.WRITE.upper())


class Planet(Enum):
    MERCURY = (3.303e+23, 2.4397e6)
    EARTH = (5.976e+24, 6.37814e6)

    def __init__(self, mass, radius):
        self.mass = mass
        self.radius = radius


print(Planet.EARTH.mass, Planet.MERCURY.radius, Planet.EARTH.value)


class Fallback(Enum):
    X = 1

    @classmethod
    def _missing_(cls, value):
        return cls.X


print(Fallback(99))
Animal = Enum("Animal", "ANT BEE CAT")
print(list(Animal), Animal.BEE.value, Animal(3))
Shape = Enum("Shape", [("SQ", "s"), ("CI", "c")])
print(Shape("c"), Shape.SQ.value)
try:
    @unique
    class Dup(Enum):
        A = 1
        B = 1
except ValueError as e:
    print(type(e).__name__, e)
try:
    class More(Color):
        PINK = 9
except TypeError as e:
    print(type(e).__name__, e)
match Color.GREEN:
    case Color.RED:
        print("red")
    case Color.GREEN:
        print("green")
