# f-strings and str() of ints and instances in hot loops: a user __str__, a user
# __format__, only a __repr__, a __str__ returning a str subclass or no str, int and str
# subclasses with their own __str__, exceptions, bools and big ints.


class Named:
    def __init__(self, n):
        self.n = n

    def __str__(self):
        return f"N{self.n}"


class Fmt:
    def __format__(self, spec):
        return f"<{spec or 'empty'}>"

    def __str__(self):
        return "Fmt-str"


class OnlyRepr:
    def __repr__(self):
        return "OnlyRepr()"


class Tag(str):
    pass


class TagStr:
    def __str__(self):
        return Tag("tagged")


class Wrong:
    def __str__(self):
        return 42


class MyInt(int):
    def __str__(self):
        return "my" + int.__repr__(self)


class MyStr(str):
    def __str__(self):
        return "never used by format"


acc = []
for i in range(300):
    acc.append(f"{i}:{Named(i % 5)}:{Fmt()}:{OnlyRepr()}")
    acc.append(str(Named(i % 3)))
print(len("".join(acc)), acc[-2], acc[-1])
print(f"{Fmt():>5}", format(Fmt()), str(Fmt()), f"{Fmt()!s}")
t = TagStr()
print(f"{t}", str(t), type(str(t)).__name__, type(f"{t}").__name__)
print(f"{MyInt(7)}", str(MyInt(8)), f"{MyInt(9):03}", f"{True}", f"{2 ** 80}")
print(f"{MyStr('abc')}", str(MyStr("xyz")), f"{ValueError('boom')}", f"{KeyError('k')}")
for bad in (lambda: f"{Wrong()}", lambda: str(Wrong())):
    try:
        bad()
    except TypeError as e:
        print("TypeError", e)


class Raises:
    def __str__(self):
        raise RuntimeError("inside __str__")


print(f"{Raises()}")
