# operator.itemgetter / attrgetter / methodcaller: results, reprs, errors, subclassing.
import operator
from operator import itemgetter, attrgetter, methodcaller


class Node:
    def __init__(self, name, child=None):
        self.name = name
        self.child = child

    def greet(self, who, punct="!"):
        return f"{self.name} greets {who}{punct}"


def show(f, *args):
    try:
        print(repr(f(*args)))
    except Exception as e:
        print(type(e).__name__, e)


ig = itemgetter(1)
show(ig, [10, 20, 30])
show(ig, "abc")
show(ig, {1: "one"})
show(itemgetter(0, 2), [10, 20, 30])
show(itemgetter(slice(1, None)), (1, 2, 3))
show(itemgetter("k"), {"k": 5})
show(ig, [1])
show(itemgetter("missing"), {})
show(ig, 5)
show(ig)
show(ig, 1, 2)
print(repr(ig), repr(itemgetter(0, "a")), repr(itemgetter(slice(1, 2))))
print(type(ig).__name__, type(ig).__module__, isinstance(ig, itemgetter))
print(sorted([(3, "c"), (1, "a"), (2, "b")], key=itemgetter(0)))
print(list(map(itemgetter(-1), ["ab", "cd"])))
try:
    ig([1, 2], x=1)
except TypeError as e:
    print("TypeError", e)
show(itemgetter)

n = Node("a", Node("b", Node("c")))
show(attrgetter("name"), n)
show(attrgetter("child.name"), n)
show(attrgetter("child.child.name", "name"), n)
show(attrgetter("nope"), n)
show(attrgetter("child.nope"), n)
show(attrgetter, 1)
show(attrgetter("name"))
print(repr(attrgetter("name")), repr(attrgetter("a.b", "c")))
print(sorted([Node("z"), Node("x"), Node("y")], key=attrgetter("name"))[0].name)
print(list(map(attrgetter("real", "imag"), [1 + 2j, 3])))

mc = methodcaller("greet", "you")
show(mc, n)
show(methodcaller("greet", "me", punct="?"), n)
show(methodcaller("upper"), "abc")
show(methodcaller("split", ","), "a,b")
show(methodcaller("nope"), n)
show(methodcaller, 3)
show(mc)
print(repr(mc), repr(methodcaller("greet", "me", punct="?")), repr(methodcaller("x")))

for cls in (itemgetter, attrgetter, methodcaller):
    try:
        class Sub(cls):
            pass
        print("subclassed", cls.__name__)
    except TypeError as e:
        print("TypeError", e)

show(attrgetter)
show(methodcaller)
print(methodcaller("get", self=1)(type("T", (), {"get": lambda s, self: self})()))
