# Hot code that changes frames without calling anything else in between (calls of small
# functions, returns, generator resumes and yields), then asks where it is: frame objects,
# line numbers, tracebacks and exceptions right after such a change, in the callee, in the
# caller, in a generator and in its consumer.
import sys


def add(a, b):
    return a + b


def where():
    f = sys._getframe(1)
    return f.f_code.co_name, f.f_lineno


def caller_position(n):
    total = 0
    seen = None
    for i in range(n):
        total = add(total, i)
        total = add(total, 1)
        if i == n - 1:
            seen = where()
    return total, seen


print("caller", caller_position(3000))


def divide(a, b):
    return a // b


def divide_all(pairs):
    out = []
    for a, b in pairs:
        try:
            out.append(divide(a, b))
        except ZeroDivisionError as e:
            tb = e.__traceback__
            lines = []
            while tb is not None:
                lines.append((tb.tb_frame.f_code.co_name, tb.tb_lineno))
                tb = tb.tb_next
            out.append(lines)
    return out


pairs = [(k, 1 + k % 5) for k in range(2000)] + [(7, 0)]
result = divide_all(pairs)
print("divide", sum(x for x in result if isinstance(x, int)), result[-1])


def counter(n):
    i = 0
    while i < n:
        yield i
        i += 1


def consume(n):
    total = 0
    lines = []
    for v in counter(n):
        total += v
        if v % 1000 == 999:
            lines.append(sys._getframe().f_lineno)
    return total, lines


print("consume", consume(4000))


def inner_frames(n):
    i = 0
    while i < n:
        if i == n - 1:
            f = sys._getframe()
            yield (f.f_code.co_name, f.f_lineno, f.f_back.f_code.co_name)
        else:
            yield i
        i += 1


def last_of(n):
    last = None
    for v in inner_frames(n):
        last = v
    return last


print("generator", last_of(3000))


def failing(n):
    i = 0
    while True:
        yield 10 // (n - i)
        i += 1


def drain(n):
    got = 0
    try:
        for v in failing(n):
            got += v
    except ZeroDivisionError as e:
        tb = e.__traceback__
        names = []
        while tb is not None:
            names.append((tb.tb_frame.f_code.co_name, tb.tb_lineno))
            tb = tb.tb_next
        return got, names
    return got, None


print("drain", drain(2500))


class Point:
    def __init__(self, x, y):
        self.x = x
        self.y = y

    def norm1(self):
        return abs(self.x) + abs(self.y)


def points(n):
    total = 0
    for i in range(n):
        p = Point(i, -i)
        total += p.norm1()
        if i == n - 1:
            total += len(sys._getframe().f_code.co_name)
    return total


print("points", points(3000))


def deep(n):
    if n == 0:
        return sys._getframe().f_back.f_lineno
    return deep(n - 1)


print("deep", [deep(k) for k in range(30)][-3:])


def boom(n):
    if n == 0:
        raise ValueError("bottom")
    return boom(n - 1) + 1


def catch_boom(times):
    caught = 0
    depth = 0
    for _ in range(times):
        try:
            boom(5)
        except ValueError as e:
            caught += 1
            tb = e.__traceback__
            depth = 0
            while tb is not None:
                depth += 1
                tb = tb.tb_next
    return caught, depth


print("boom", catch_boom(500))
