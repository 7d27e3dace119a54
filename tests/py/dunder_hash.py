# __hash__ and __eq__ for dict keys and set members
class Key:
    def __init__(self, a, b):
        self.a, self.b = a, b
    def __eq__(self, o):
        return isinstance(o, Key) and (self.a, self.b) == (o.a, o.b)
    def __hash__(self):
        return hash((self.a, self.b))
    def __repr__(self):
        return f"Key({self.a},{self.b})"
d = {Key(1, 2): "x"}
print(d[Key(1, 2)], Key(1, 2) in d, Key(2, 1) in d, len({Key(1, 1), Key(1, 1), Key(2, 2)}))
d[Key(1, 2)] = "y"
print(d, len(d))
class NoHash:
    def __eq__(self, o):
        return True
print(NoHash.__hash__ is None)
try:
    {NoHash(): 1}
except TypeError as e:
    print(type(e).__name__, e)
try:
    hash(NoHash())
except TypeError as e:
    print(type(e).__name__, e)
class IdHash:
    pass
x = IdHash()
s = {x, x}
print(len(s), x in s, IdHash() in s, hash(x) == hash(x))
class Collide:
    def __init__(self, v):
        self.v = v
    def __hash__(self):
        return 7
    def __eq__(self, o):
        return self.v == o.v
cs = {Collide(1): "a", Collide(2): "b", Collide(1): "c"}
print(len(cs), [k.v for k in cs], cs[Collide(2)])
print(hash(5) == hash(5.0), hash((1, 2)) == hash((1, 2)), hash(True) == hash(1))
class BigHash:
    def __hash__(self):
        return 2 ** 100
print(hash(BigHash()) == hash(2 ** 100))
class BadHash:
    def __hash__(self):
        return "no"
try:
    hash(BadHash())
except TypeError as e:
    print(type(e).__name__, e)
