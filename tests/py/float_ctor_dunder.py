# float(x) uses x.__float__ (which must return a float) or x.__index__ (an int).


class Good:
    def __float__(self):
        return 2.5


class ReturnsInt:
    def __float__(self):
        return 7


class ReturnsStr:
    def __float__(self):
        return "7.0"


class Index:
    def __index__(self):
        return 12


class BadIndex:
    def __index__(self):
        return 1.5


print(float(Good()), float(Index()))
for obj in (ReturnsInt(), ReturnsStr(), BadIndex(), object()):
    try:
        print(float(obj))
    except TypeError as e:
        print(type(e).__name__, e)
