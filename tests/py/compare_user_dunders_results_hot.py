# Results of user comparison dunders in hot code, kept as values and used by branches:
# bools, other values (ints, strs, None), NotImplemented (the reflected dunder, then
# identity), an exception from inside the dunder (its line numbers), and the dunder of
# the class replaced while the loop runs.


class R:
    def __init__(self, x):
        self.x = x

    def __eq__(self, other):
        k = self.x % 5
        if k == 0:
            return True
        if k == 1:
            return self.x
        if k == 2:
            return None
        if k == 3:
            return NotImplemented
        return "eq"

    def __lt__(self, other):
        if self.x == 777:
            raise ValueError("bad " + str(other.x))
        return self.x < other.x


def values(rs, p):
    return [r == p for r in rs]


def branches(rs, p):
    n = 0
    for r in rs:
        if r == p:
            n += 1
        if r < p:
            n += 100
    return n


rs = [R(i) for i in range(200)]
p = R(50)
out = values(rs, p)
print(out[:10], len(out))
print(branches(rs, p))
for r in range(3):
    print(branches(rs, rs[r]))

rs.append(R(777))
try:
    branches(rs, p)
except ValueError as e:
    tb = e.__traceback__
    lines = []
    while tb is not None:
        lines.append((tb.tb_frame.f_code.co_name, tb.tb_lineno))
        tb = tb.tb_next
    print("ValueError", e, lines)
rs.pop()


def plain_eq(self, other):
    return self.x == other.x


total = []
for i in range(200):
    if i == 100:
        R.__eq__ = plain_eq
    total.append(rs[i] == rs[(i * 7) % 200])
print(total.count(True), total.count(False), total.count(None), len(total))


class S(R):
    def __eq__(self, other):
        return "sub"


mixed = [R(5), S(5), R(6), S(6)] * 40
print([m == p for m in mixed][:6], sum(1 for m in mixed if m == p))
