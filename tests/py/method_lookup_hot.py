# Method calls at a site that sees several classes, in hot loops: the method each class's
# lookup finds, and every case where it must not be taken from a cache (an instance
# attribute of the method's name, a method replaced or added mid-run, a class attribute
# that is no plain function, lookups after collections emptied the caches).


class Base:
    def __init__(self, v):
        self.v = v

    def weight(self):
        return 1


class A(Base):
    def weight(self):
        return self.v & 3


class B(Base):
    def weight(self):
        return (self.v >> 2) & 7


class C(Base):
    pass


class D(Base):
    def weight(self):
        return self.v % 11


def total(nodes, rounds):
    t = 0
    for r in range(rounds):
        for n in nodes:
            t += n.weight()
    return t


def fresh():
    return [A(i * 7) if i % 4 == 0 else B(i) if i % 4 == 1 else C(i) if i % 4 == 2 else D(i) for i in range(40)]


nodes = fresh()
print("mixed", total(nodes, 500))

# An instance attribute shadows the class's method for that instance only.
nodes[5].weight = lambda: 1000
print("shadowed", total(nodes, 500))

# A method replaced on one class, then added to the class that inherited it.
nodes = fresh()
print("before", total(nodes, 300))
B.weight = lambda self: 50
print("replaced", total(nodes, 300))
C.weight = lambda self: -self.v
print("added", total(nodes, 300))


# Class attributes that are callable but no plain function.
class E(Base):
    weight = staticmethod(lambda: 7)


class F(Base):
    weight = classmethod(lambda cls: len(cls.__name__))


class G(Base):
    class weight:
        def __radd__(self, other):
            return other + 3


nodes = fresh() + [E(1), F(2)]
print("special", total(nodes, 300))
nodes.append(G(3))
print("callable class", total(nodes, 200))

# Caches emptied by collections between rounds (garbage enough to start them).
nodes = fresh()
t = 0
for i in range(200):
    t += total(nodes, 5)
    if i % 20 == 0:
        junk = [[j] for j in range(20000)]
print("collected", t)
