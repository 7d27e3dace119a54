# Instance attribute stores and method loads in hot loops whose assumptions change
# midway: a slot that held ints gets floats, then strings; an instance gains an explicit
# dict; a new attribute grows the layout; a method is replaced on the class; a subclass
# instance shows up at the same site.


class P:
    def __init__(self, x, y):
        self.x = x
        self.y = y

    def norm1(self):
        return abs(self.x) + abs(self.y)


class Q(P):
    def norm1(self):
        return 100


def step(points, n, v):
    t = 0
    for i in range(n):
        p = points[i % len(points)]
        p.x = v if i % 7 else i
        p.y = p.y + 1
        t += p.norm1()
    return t


pts = [P(i, -i) for i in range(5)]
print(step(pts, 3000, 2))
print(step(pts, 3000, 2.5))
print(step(pts, 300, "s") if False else "skip")
for p in pts:
    p.x = "a"
print(sum(len(p.x) for p in pts))
print(step(pts, 2000, 3))
pts[2].__dict__["z"] = 1
print(step(pts, 2000, 4))
pts[3].w = 9
print(step(pts, 2000, 5))
P.norm1 = lambda self: 7
print(step(pts, 2000, 6))
pts.append(Q(1, 2))
print(step(pts, 2000, 1.5))
print([type(p.x).__name__ for p in pts], [p.y for p in pts])


class Acc:
    def __init__(self):
        self.total = 0
        self.items = 0

    def add(self, v):
        self.total += v
        self.items += 1
        return self


a = Acc()
for i in range(5000):
    a.add(i).add(0.5)
print(a.total, a.items)
a.total = None
for i in range(100):
    a.items = a.items + 1
print(a.total, a.items)
