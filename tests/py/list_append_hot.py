# list.append in hot loops: lists growing from empty through many reallocations, a list
# that appends to itself, a receiver that is sometimes a list subclass or another class
# with an append method, and appends while the list is being iterated.


class Log(list):
    pass


class Sink:
    def __init__(self):
        self.n = 0

    def append(self, x):
        self.n += x


def grow(n):
    out = []
    for i in range(n):
        out.append(i * 2)
    return len(out), out[-1], sum(out)


def selfish():
    a = []
    for i in range(1000):
        a.append(a if i % 100 == 0 else i)
    return len(a), a[0] is a, a[1]


def receivers():
    targets = [[], Log(), Sink(), []]
    for i in range(8000):
        targets[i % 4].append(i)
    return len(targets[0]), len(targets[1]), targets[2].n, len(targets[3]), type(targets[1]).__name__


def while_iterating():
    a = [1, 2, 3]
    seen = 0
    for x in a:
        if len(a) < 3000:
            a.append(x + 1)
        seen += 1
    return seen, a[-1]


print("grow", grow(30000))
print("selfish", selfish())
print("receivers", receivers())
print("iterating", while_iterating())
