# sorted(), list.sort() and heapq on instances of one class whose __lt__ is a Python
# function: results that are not bools, NotImplemented (then the reflected __gt__, then
# the TypeError), an exception from inside __lt__ (its line numbers), __lt__ replaced in
# the middle of a sort, a subclass mixed in, and __lt__ shapes that take the full path.
import heapq

calls = []


class A:
    def __init__(self, v):
        self.v = v

    def __lt__(self, other):
        calls.append(self.v)
        d = other.v - self.v
        return d if d > 0 else 0

    def __repr__(self):
        return f"A{self.v}"


xs = [A((i * 37) % 23) for i in range(23)]
print(sorted(xs)[:6], len(calls))
print(heapq.nsmallest(3, xs), heapq.nlargest(2, xs))


class N:
    def __init__(self, v):
        self.v = v

    def __lt__(self, other):
        return NotImplemented

    def __gt__(self, other):
        return self.v > other.v

    def __repr__(self):
        return f"N{self.v}"


print(sorted([N(3), N(1), N(2)]))


class Bare:
    def __lt__(self, other):
        return NotImplemented


try:
    sorted([Bare(), Bare()])
except TypeError as e:
    print("TypeError", e)


class Boom:
    def __init__(self, v):
        self.v = v

    def __lt__(self, other):
        if self.v == 5:
            raise ValueError("five")
        return self.v < other.v


try:
    sorted([Boom(i) for i in (3, 9, 5, 1)])
except ValueError as e:
    tb = e.__traceback__
    lines = []
    while tb is not None:
        lines.append((tb.tb_frame.f_code.co_name, tb.tb_lineno))
        tb = tb.tb_next
    print("ValueError", e, lines)


class Swap:
    def __init__(self, v):
        self.v = v

    def __lt__(self, other):
        Swap.__lt__ = lambda s, o: s.v > o.v
        return self.v < other.v

    def __repr__(self):
        return f"S{self.v}"


print(sorted([Swap(i) for i in (4, 2, 8, 6, 1)]))


class Sub(A):
    def __gt__(self, other):
        calls.append(-1)
        return self.v > other.v


calls.clear()
print(sorted([A(3), Sub(1), A(2), Sub(0)]), calls.count(-1))


class Defaults:
    def __init__(self, v):
        self.v = v

    def __lt__(self, other, strict=True):
        return self.v < other.v

    def __repr__(self):
        return f"D{self.v}"


class Nested:
    def __init__(self, v):
        self.v = v

    def __lt__(self, other):
        return sorted([other.v, self.v])[0] == self.v and self.v != other.v

    def __repr__(self):
        return f"X{self.v}"


for cls in (Defaults, Nested):
    ys = [cls(v) for v in (5, 3, 9, 1, 7)]
    ys.sort(reverse=True)
    print(ys, min(ys), max(ys))
h = []
for v in (5, 3, 9, 1, 7):
    heapq.heappush(h, Nested(v))
print([heapq.heappop(h) for _ in range(5)])
