import operator
from operator import itemgetter, attrgetter, methodcaller

print(operator.add(2, 3), operator.sub(2, 3), operator.mul("ab", 2), operator.truediv(7, 2),
      operator.floordiv(7, 2), operator.mod(7, 3), operator.pow(2, 10), operator.neg(4),
      operator.pos(-4), operator.abs(-4), operator.invert(5), operator.lshift(1, 4),
      operator.rshift(64, 2), operator.and_(12, 10), operator.or_(12, 10), operator.xor(12, 10))
print(operator.lt(1, 2), operator.le(2, 2), operator.eq(1, 1.0), operator.ne(1, 2),
      operator.gt(1, 2), operator.ge(3, 2), operator.not_(0), operator.truth([]),
      operator.is_(None, None), operator.is_not(1, None), operator.index(7))
lst = [1, 2, 3]
operator.setitem(lst, 0, 9); operator.delitem(lst, 1)
print(lst, operator.getitem(lst, 1), operator.contains(lst, 9), operator.countOf([1, 1, 2], 1),
      operator.indexOf("abc", "c"), operator.concat([1], [2]), operator.length_hint([1, 2]))
x = [1]
print(operator.iadd(x, [2]), x, operator.imul(3, 4), operator.call(max, 1, 5))
print(itemgetter(1)("abc"), itemgetter(0, 2)("abc"), itemgetter("k")({"k": 5}))
rows = [("b", 2), ("a", 2), ("c", 1)]
print(sorted(rows, key=itemgetter(1, 0)), itemgetter(1), attrgetter("real", "imag"))


class P:
    def __init__(self, name, child=None):
        self.name = name
        self.child = child

    def greet(self, greeting, punct="!"):
        return f"{greeting}, {self.name}{punct}"


p = P("outer", P("inner"))
print(attrgetter("name")(p), attrgetter("child.name")(p), attrgetter("name", "child.name")(p))
print(methodcaller("greet", "Hi")(p), methodcaller("greet", "Yo", punct="?")(p))
print(methodcaller("split", ",", maxsplit=1)("a,b,c"), methodcaller("upper"))
for f in [lambda: operator.indexOf([1], 5), lambda: attrgetter("nope")(p),
          lambda: itemgetter(5)([1]), lambda: attrgetter(1), lambda: operator.concat(1, 2),
          lambda: operator.index(1.5)]:
    try:
        f()
    except (ValueError, AttributeError, IndexError, TypeError) as e:
        print(type(e).__name__, e)
