# Field reads of namedtuples in hot loops, and the look-alikes that must take the full
# path: a tuple subclass with its own __getitem__, property(itemgetter(k)) with a negative
# or out-of-range key, on a list subclass and on a plain class, a namedtuple subclass
# overriding a field, and a getter whose class call is replaced.
import operator
from collections import namedtuple

P = namedtuple("P", "x y z")
ps = [P(i, i * 2, str(i)) for i in range(200)]
sx = sy = 0
zs = []
for p in ps:
    sx += p.x
    sy += p.y
    zs.append(p.z)
print(sx, sy, zs[-3:], ps[7].x, ps[7].y)


class Loud(tuple):
    def __getitem__(self, i):
        return ("loud", tuple.__getitem__(self, i))

    first = property(operator.itemgetter(0))
    last = property(operator.itemgetter(-1))
    far = property(operator.itemgetter(5))


loud = Loud((1, 2, 3))
print([loud.first for _ in range(3)], loud.last)
try:
    loud.far
except IndexError as e:
    print("IndexError", e)


class Quiet(tuple):
    first = property(operator.itemgetter(0))
    last = property(operator.itemgetter(-1))
    far = property(operator.itemgetter(5))
    named = property(operator.itemgetter("k"))


q = Quiet((4, 5, 6))
print(sum(q.first + q.last for _ in range(100)))
for name in ("far", "named"):
    try:
        getattr(q, name)
    except (IndexError, TypeError) as e:
        print(type(e).__name__, e)


class L(list):
    first = property(operator.itemgetter(0))


print(L([9, 8]).first)


class Plain:
    first = property(operator.itemgetter(0))

    def __getitem__(self, i):
        return i * 10


print([Plain().first for _ in range(3)])


class Q(P):
    @property
    def x(self):
        return "overridden"


qq = Q(1, 2, 3)
print([qq.x for _ in range(3)], qq.y, qq._replace(y=7))
print(P(1, 2, 3)._replace(z="w").z, P._fields, P(*range(3)) == (0, 1, 2))
