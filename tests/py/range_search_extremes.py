# range search (in, count, index) for ints at any size (arithmetic) and other values
# (equality against each member), and range attributes beyond inline ints.
def t(f):
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__, e)
class A:
    def __eq__(self, o):
        return True
class B:
    def __init__(self, v):
        self.v = v
    def __eq__(self, o):
        return o == self.v
R = [range(10), range(2**50), range(2**50, 2**51), range(-2**62, 2**62, 3), range(10, -10, -3),
     range(2**63 - 5, 2**63 - 1), range(-2**63, -2**63 + 4), range(0), range(10**20, 10**20 + 7, 2),
     range(-10**20, 10**20, 10**19), range(5, 2**63 - 1, 2**62)]
for r in R:
    print(r, r.start, r.stop, r.step, r[0] if r else None, r[-1] if r else None)
    for x in [0, 3, -4, True, False, 2**49, 2**50 + 3, 2**62 - 2, 2**63 - 2, -2**63 + 1, 2**64, 10**20 + 4,
              -10**20 + 10**19, 3.0, 2**50 + 3.0, A(), B(3), '', None, 1e20]:
        if len(str(r)) > 40 or len(r) > 1000 if r.step != 10**19 else False:
            if not isinstance(x, (int, bool)):
                continue
        t(lambda: x in r)
        t(lambda: r.count(x))
        t(lambda: r.index(x))
t(lambda: range(10) in range(10))
t(lambda: range(5).count(A()))
t(lambda: range(5).index(B(4)))
t(lambda: range(5).count(1.0))
t(lambda: range(2**50, 2**50 + 5).index(2**50 + 4.0))
t(lambda: range(2**63 - 5, 2**63 - 1).index(2**63 - 2.0))
t(lambda: range.count(3, 3))
t(lambda: range.index([], 3))
