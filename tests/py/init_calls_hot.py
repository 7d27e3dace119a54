# Instances made in hot loops, with every way the inline construction can differ from the
# recording: __init__ raising, returning something other than None, replaced mid-loop, the
# class changed mid-loop, a frame object asked for inside __init__, and tracebacks through
# __init__.
import sys


class P:
    def __init__(self, x, y):
        self.x = x
        self.y = y


class Picky:
    def __init__(self, v):
        if v % 97 == 0:
            raise ValueError(v)
        self.v = v


class Bad:
    def __init__(self, v):
        self.v = v
        if v == 4000:
            return 1


class Peek:
    def __init__(self, v):
        self.v = v
        if v % 1000 == 0:
            self.line = sys._getframe().f_lineno
            self.caller = sys._getframe(1).f_code.co_name


def points(n):
    total = 0
    for i in range(n):
        p = P(i, -i)
        total += p.x - p.y
    return total


def picky(n):
    made = 0
    failed = 0
    for i in range(n):
        try:
            made += Picky(i).v
        except ValueError as e:
            failed += 1
            tb = e.__traceback__
            depth = 0
            while tb is not None:
                depth += 1
                tb = tb.tb_next
    return made, failed, depth


def bad(n):
    try:
        for i in range(n):
            Bad(i)
    except TypeError as e:
        return i, str(e)


def replaced(n):
    total = 0
    for i in range(n):
        if i == n // 2:
            def __init__(self, x, y):
                self.x = x * 10
                self.y = y
            P.__init__ = __init__
        total += P(i, 1).x
    return total


def peeks(n):
    lines = set()
    callers = set()
    for i in range(n):
        o = Peek(i)
        if i % 1000 == 0:
            lines.add(o.line)
            callers.add(o.caller)
    return sorted(lines), sorted(callers)


print("points", points(20000))
print("picky", picky(20000))
print("bad", bad(20000))
print("replaced", replaced(20000))
print("peeks", peeks(20000))
