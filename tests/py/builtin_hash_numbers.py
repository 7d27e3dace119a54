# hash of numbers and tuples: equal values hash equal, exact small-int hashes
for v in [0, 1, -5, 12345, 2 ** 30, 10 ** 6]:
    print(v, hash(v), hash(v) == hash(float(v)))
print(hash(1.5) == hash(1.5), hash(0.0) == hash(-0.0) == 0, hash(True) == 1, hash(False) == 0)
print(hash((1, 2)) == hash((1, 2)), hash((1, 2.0)) == hash((1, 2)), hash(()) == hash(()), hash(((1,), 2)) == hash(((1,), 2)))
print(hash(2 ** 100) == hash(2 ** 100), hash(10 ** 20) == hash(float(10 ** 20)), hash(frozenset([1, 2])) == hash(frozenset([2, 1])))
d = {1: "int", 1.0: "float", True: "bool"}
print(d, len(d))
s = {0, 0.0, False, -0.0}
print(len(s), s)
print(len({(1, 2), (1.0, 2.0), (True, 2)}), {2: "a"}.get(2.0), {(0, 1): 1}[(False, True)])
class H:
    def __init__(self, v):
        self.v = v
    def __hash__(self):
        return hash(self.v)
    def __eq__(self, o):
        return isinstance(o, H) and o.v == self.v
print(hash(H(5)) == hash(5), len({H(1), H(1), H(2)}), H(3) in {H(3)})
