# Literal, value, capture and wildcard patterns; OR patterns and guards.
import math


class Color:
    RED = 1
    GREEN = 2
    BLUE = "blue"


class Limits:
    class Inner:
        TOP = 100


def classify(v):
    match v:
        case 0:
            return "zero"
        case -1:
            return "minus one"
        case 2.5:
            return "two and a half"
        case -1e3:
            return "minus a thousand"
        case 0x10 | 0o20 | 0b1_0000:
            return "sixteen"
        case "ab" "cd":
            return "abcd (implicit concatenation)"
        case b"raw":
            return "bytes"
        case "":
            return "empty str"
        case Color.RED:
            return "red"
        case Color.BLUE:
            return "blue"
        case Limits.Inner.TOP:
            return "top"
        case math.pi:
            return "pi"
        case None:
            return "None"
        case True:
            return "True"
        case False:
            return "False"
        case _:
            return "other"


values = [0, 0.0, -1, -1.0, 2.5, -1000, 16, 16.0, "abcd", b"raw", "", 1, 1.0,
          "blue", 100, math.pi, None, True, False, [], "RED", 3, b"", bytearray(b"raw")]
for v in values:
    print(repr(v), "->", classify(v))


# True/False/None are compared by identity, numbers and strings by ==.
def ident(v):
    match v:
        case True:
            return "is True"
        case 1:
            return "== 1"
        case _:
            return "neither"


print(ident(True), ident(1), ident(1.0), ident(False))


def with_guard(v):
    match v:
        case int(n) if n < 0:
            return "negative int"
        case 0 | 1 | 2 if v == 1:
            return "one"
        case 0 | 1 | 2:
            return "small"
        case str(s) if (n := len(s)) > 3:
            return f"long str of {n}"
        case x if x is None:
            return "None by guard"
        case x:
            return f"captured {x!r}"


for v in [-5, 1, 2, True, "hello", "hi", None, 3.5]:
    print(repr(v), "->", with_guard(v))


# A capture binds even when the guard then fails.
def guard_binding(v):
    match v:
        case y if y > 10:
            return "big"
        case _:
            return f"y is still bound: {y}"


print(guard_binding(5), guard_binding(50))


# The subject is evaluated once.
calls = []


def subject():
    calls.append(1)
    return 7


match subject():
    case 1:
        print("one")
    case 7:
        print("seven")
print("subject evaluated", len(calls), "time(s)")

# Match on a tuple subject without parentheses.
a, b = 3, "x"
match a, b:
    case 3, "y":
        print("no")
    case 3, "x":
        print("tuple subject matched")

# No case matches: nothing happens.
match 42:
    case 1:
        print("no")
print("done")
