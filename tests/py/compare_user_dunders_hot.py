# Rich comparisons on instances of user classes in hot loops: the dunder's result, a
# NotImplemented that falls back to the reflected dunder or to identity, results that are
# not bools where a branch needs a bool, errors raised inside the dunder, and a dunder
# replaced while the loop runs.


class V:
    def __init__(self, x):
        self.x = x

    def __eq__(self, other):
        if isinstance(other, V):
            return self.x == other.x
        if isinstance(other, int):
            return self.x == other
        return NotImplemented

    def __lt__(self, other):
        if isinstance(other, V):
            return self.x < other.x
        return NotImplemented

    def __gt__(self, other):
        if isinstance(other, V):
            return self.x > other.x
        return NotImplemented

    def __hash__(self):
        return hash(self.x)


vs = [V(i % 7) for i in range(300)]
probe = V(3)
eq = lt = gt = ints = 0
for v in vs:
    if v == probe:
        eq += 1
    if v < probe:
        lt += 1
    if v > probe:
        gt += 1
    if v == 3:
        ints += 1
print(eq, lt, gt, ints)

# NotImplemented from both sides: identity for ==, TypeError for <.
same = sum(1 for v in vs if v == 2.5)
print(same, sum(1 for v in vs if v != 2.5))
try:
    for v in vs:
        v < 2.5
except TypeError as e:
    print("TypeError", e)


class Loose:
    """__eq__ gives a non-bool; `if` must use its truth value."""

    def __init__(self, n):
        self.n = n

    def __eq__(self, other):
        return [1] * (self.n % 3) if isinstance(other, Loose) else NotImplemented

    def __ne__(self, other):
        return self.n % 2 if isinstance(other, Loose) else NotImplemented


ls = [Loose(i) for i in range(200)]
other = Loose(0)
t = f = 0
raw = []
for l in ls:
    if l == other:
        t += 1
    else:
        f += 1
    if l != other:
        t += 10
    raw.append(l == other)
print(t, f, raw[:4], [l != other for l in ls[:4]])


class Reflected:
    def __init__(self, k):
        self.k = k

    def __lt__(self, other):
        return NotImplemented

    def __gt__(self, other):
        return "gt-called"


rs = [Reflected(i) for i in range(100)]
print([r < rs[0] for r in rs[:2]], sum(1 for r in rs if r < rs[1]))


class Boom:
    def __init__(self, n):
        self.n = n

    def __eq__(self, other):
        if self.n == 150:
            raise ValueError("boom at %d" % self.n)
        return self.n == other.n


bs = [Boom(i) for i in range(200)]
hits = 0
try:
    for b in bs:
        if b == bs[5]:
            hits += 1
except ValueError as e:
    print("ValueError", e, hits)


class Swap:
    def __init__(self, n):
        self.n = n

    def __eq__(self, other):
        return self.n == other.n


ss = [Swap(i % 4) for i in range(400)]
counts = []
for i, s in enumerate(ss):
    if i == 200:
        Swap.__eq__ = lambda self, other: True
    counts.append(s == ss[0])
print(sum(counts[:200]), sum(counts[200:]))


class Sub(V):
    def __eq__(self, other):
        return "sub-eq"


# A subclass instance on the right goes first with its reflected dunder.
print([V(1) == Sub(1) for _ in range(3)], [Sub(1) == V(1) for _ in range(3)])
total = 0
for i in range(500):
    a = V(i % 5)
    total += (a == V(2)) + (a < V(3)) * 2 + (a == 4) * 4
print(total)
