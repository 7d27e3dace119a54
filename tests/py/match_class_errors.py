# Class patterns: attribute lookups that fail or raise, and the run-time errors of
# MATCH_CLASS (CPython 3.11's messages).


class Point:
    __match_args__ = ("x", "y")

    def __init__(self, x, y):
        self.x = x
        self.y = y


class Plain:
    pass


# Attribute lookups: a missing attribute (AttributeError) fails the match; any other
# error propagates.
class Lazy:
    @property
    def gone(self):
        raise AttributeError("gone")

    @property
    def broken(self):
        raise KeyError("broken")


match Lazy():
    case Lazy(gone=_):
        print("no")
    case Lazy():
        print("missing attribute: no match")

class BadArgs:
    __match_args__ = ["a"]


class BadNames:
    __match_args__ = (1,)
    a = 1


NotAClass = 3


def e0(s):
    match s:
        case Lazy(broken=_): pass
def e1(s):
    match s:
        case Point(1, 2, 3): pass
def e2(s):
    match s:
        case Plain(1): pass
def e3(s):
    match s:
        case BadArgs(1): pass
def e4(s):
    match s:
        case BadNames(1): pass
def e5(s):
    match s:
        case Point(1, x=1): pass
def e6(s):
    match s:
        case NotAClass(): pass
def e7(s):
    match s:
        case int(1, 2): pass


tests = [(e0, Lazy()), (e1, Point(1, 2)), (e2, Plain()), (e3, BadArgs()), (e4, BadNames()),
         (e5, Point(1, 2)), (e6, 0), (e7, 1), (e7, "not an int")]
for f, subject in tests:
    try:
        f(subject)
        print(f.__name__, "no error")
    except Exception as e:
        print(f.__name__, type(e).__name__, e)
