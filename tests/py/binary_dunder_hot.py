# Binary operators on instances of user classes in hot loops, where the dunder's frame is
# pushed like a call's: results of the same class and of numbers, NotImplemented from a
# dunder, an exception raised inside one (traceback lines), in-place operators with and
# without an in-place dunder, a dunder replaced mid-loop, the operand's locals rebound,
# frames asked for inside a dunder, recursion through operators, and a generator dunder.
import sys


class V:
    __slots__ = ("x", "y")

    def __init__(self, x, y):
        self.x = x
        self.y = y

    def __add__(self, o):
        return V(self.x + o.x, self.y + o.y)

    def __sub__(self, o):
        return V(self.x - o.x, self.y - o.y)

    def __mul__(self, k):
        if isinstance(k, V):
            return self.x * k.x + self.y * k.y
        return V(self.x * k, self.y * k)


def vectors(n):
    acc = V(0, 0)
    step = V(1, 2)
    dots = 0
    for i in range(n):
        acc = acc + step * 2 - V(1, 1)
        dots += acc * step
        acc = acc * 1.0 if i == n - 1 else acc
    return acc.x, acc.y, dots


class Picky:
    def __init__(self, v):
        self.v = v

    def __add__(self, o):
        if isinstance(o, int) and o % 250 == 0:
            return NotImplemented
        if isinstance(o, int) and o % 333 == 0:
            raise ValueError(o)
        return Picky(self.v + (o if isinstance(o, int) else o.v))


def picky(n):
    p = Picky(0)
    unsupported = 0
    raised = []
    for i in range(1, n):
        try:
            p = p + i
        except TypeError as e:
            unsupported += 1
            last = str(e)
        except ValueError as e:
            tb = e.__traceback__
            lines = []
            while tb is not None:
                lines.append((tb.tb_frame.f_code.co_name, tb.tb_lineno))
                tb = tb.tb_next
            raised.append(lines)
    return p.v, unsupported, last, len(raised), raised[0]


class Acc:
    def __init__(self, v):
        self.v = v

    def __add__(self, o):
        return Acc(self.v + o)


class InPlace:
    def __init__(self):
        self.v = 0

    def __add__(self, o):
        return "plain"

    def __iadd__(self, o):
        self.v += o
        return self


def inplace(n):
    a = Acc(0)
    b = InPlace()
    for i in range(n):
        a += i
        b += i
    return a.v, b.v


class Swap:
    def __init__(self, v):
        self.v = v

    def __add__(self, o):
        return Swap(self.v + o)


def replaced(n):
    s = Swap(0)
    for i in range(n):
        if i == n // 2:
            Swap.__add__ = lambda self, o: Swap(self.v - o)
        s = s + 1
    return s.v


class Rebind:
    def __init__(self, v):
        self.v = v

    def __mul__(self, o):
        self = 7
        o = 8
        return NotImplemented


def rebound(n):
    msgs = set()
    for i in range(n):
        try:
            Rebind(i) * Rebind(i)
        except TypeError as e:
            msgs.add(str(e))
            tb = e.__traceback__
            where = []
            while tb is not None:
                where.append((tb.tb_frame.f_code.co_name, tb.tb_lineno))
                tb = tb.tb_next
            msgs.add(repr(where))
    return sorted(msgs)


class Peek:
    def __init__(self, v):
        self.v = v

    def __sub__(self, o):
        if self.v % 500 == 0:
            f = sys._getframe()
            return (f.f_code.co_name, f.f_lineno, sys._getframe(1).f_code.co_name,
                    sorted(f.f_locals))
        return Peek(self.v - 1)


def peek(n):
    seen = []
    for i in range(n):
        r = Peek(i) - Peek(1)
        if isinstance(r, tuple):
            seen.append(r)
    return len(seen), seen[0]


class Tree:
    def __init__(self, depth):
        self.depth = depth

    def __add__(self, o):
        if self.depth == 0:
            return o
        return Tree(self.depth - 1) + (o + 1)


def recursive(n):
    t = 0
    for i in range(n):
        t += Tree(i % 20) + 0
    return t


def deep():
    class Deep:
        def __add__(self, o):
            return self + o
    try:
        Deep() + 1
    except RecursionError as e:
        return "RecursionError"


class Gen:
    def __add__(self, o):
        yield o
        yield o + 1


def generator_dunder(n):
    total = 0
    for i in range(n):
        total += sum(Gen() + i)
    return total


print(vectors(3000))
print(picky(3000))
print(inplace(3000))
print(replaced(3000))
print(rebound(2000))
print(peek(3000))
print(recursive(2000))
print(deep())
print(generator_dunder(2000))
