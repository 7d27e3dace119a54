# __iter__/__next__ protocol
class Countdown:
    def __init__(self, n):
        self.n = n
    def __iter__(self):
        return self
    def __next__(self):
        if self.n <= 0:
            raise StopIteration
        self.n -= 1
        return self.n + 1
print(list(Countdown(5)))
c = Countdown(2)
print(next(c), next(c), next(c, "end"))
try:
    next(c)
except StopIteration as e:
    print(type(e).__name__, e.args)
class Range2:
    def __init__(self, a, b):
        self.a, self.b = a, b
    def __iter__(self):
        i = self.a
        while i < self.b:
            yield i
            i += 1
r = Range2(3, 6)
print(list(r), list(r), sum(r), 4 in r, sorted(r, reverse=True))
class Fib:
    def __iter__(self):
        a, b = 0, 1
        while True:
            yield a
            a, b = b, a + b
out = []
for v in Fib():
    if v > 100:
        break
    out.append(v)
print(out)
class BadIter:
    def __iter__(self):
        return 5
try:
    iter(BadIter())
except TypeError as e:
    print(type(e).__name__, e)
try:
    next([1, 2])
except TypeError as e:
    print(type(e).__name__, e)
a, b, c = Countdown(3)
print(a, b, c)
print(*Countdown(3), sep="-")
print(dict(zip(Countdown(3), "abc")), max(Countdown(4)), tuple(Countdown(2)))
