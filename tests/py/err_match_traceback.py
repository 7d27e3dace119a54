# Line numbers of errors raised inside match statements, then an uncaught one.
import traceback


class P:
    __match_args__ = ("x",)

    @property
    def x(self):
        return 1 // 0


class Eq:
    def __eq__(self, other):
        raise ValueError("no comparing")


def lines(f, v):
    try:
        f(v)
    except Exception as e:
        frames = traceback.extract_tb(e.__traceback__)
        print(type(e).__name__, [(fr.name, fr.lineno) for fr in frames[1:]])


def patterns(v):
    match v:
        case [1, 2]:
            return "list"
        case P(
            0
        ):
            return "p"
        case {
            "k": 1,
        }:
            return "map"
        case [
            _,
            *_,
            3,
        ]:
            return "seq"
        case Eq.nothing:
            return "never"


def guards(v):
    match v:
        case [a, b] if (
            a / b
        ):
            return "nonzero"
        case _:
            return "other"


def body(v):
    match v:
        case int():
            x = 1
            return x + v.missing
    return None


lines(patterns, P())
lines(patterns, [1, 2, 3, 4])
lines(patterns, [Eq(), 2])
lines(patterns, 5)
lines(guards, [1, 0])
lines(body, 3)


class Key:
    def __hash__(self):
        raise RuntimeError("unhashable key")


class Holder:
    key = Key()


def final(v):
    match v:
        case {"a": 1}:
            return 1
        case {Holder.key: _}:
            return 2


final({"b": 2})
