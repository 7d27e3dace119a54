# @staticmethod, @classmethod, alternative constructors
class Temp:
    unit = "C"
    def __init__(self, deg):
        self.deg = deg
    @classmethod
    def from_f(cls, f):
        return cls(round((f - 32) * 5 / 9, 2))
    @staticmethod
    def is_valid(deg):
        return deg >= -273.15
    @classmethod
    def describe(cls):
        return f"{cls.__name__} in {cls.unit}"
    def __repr__(self):
        return f"{type(self).__name__}({self.deg})"
class Kelvinish(Temp):
    unit = "K"
print(Temp.from_f(212), Temp.from_f(32), Kelvinish.from_f(50))
print(Temp.is_valid(-300), Temp(5).is_valid(10), Temp.describe(), Kelvinish.describe(), Kelvinish(1).describe())
sm = Temp.is_valid
print(sm(0), type(Temp.__dict__["is_valid"]).__name__, type(Temp.__dict__["from_f"]).__name__)
class Registry:
    items = []
    @classmethod
    def add(cls, x):
        cls.items.append(x)
        return cls
    @staticmethod
    def helper(a, b=2):
        return a * b
Registry.add(1).add(2)
print(Registry.items, Registry.helper(3), Registry().helper(4, 5))
