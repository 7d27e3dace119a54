# isinstance() with user classes in hot loops: exact class, subclass, unrelated class,
# builtin types and bool/int, tuples of classes, a metaclass with __instancecheck__, a
# class object as the first argument, an isinstance rebound as a global, and bad second
# arguments.


class Base:
    pass


class Child(Base):
    pass


class Other:
    pass


class Meta(type):
    def __instancecheck__(cls, obj):
        return getattr(obj, "quack", False)


class Duck(metaclass=Meta):
    pass


class Quacker:
    quack = True


objs = [Base(), Child(), Other(), 3, True, "s", 2.5, None, Quacker(), Base]
counts = {}
for i in range(400):
    o = objs[i % len(objs)]
    key = (
        isinstance(o, Base),
        isinstance(o, Child),
        isinstance(o, int),
        isinstance(o, (Other, str)),
        isinstance(o, Duck),
        isinstance(o, type),
        isinstance(o, object),
    )
    counts[key] = counts.get(key, 0) + 1
for k in sorted(counts, key=repr):
    print(k, counts[k])


def check(o, c):
    return isinstance(o, c)


n = 0
for i in range(300):
    c = Base if i < 150 else Child
    if check(objs[i % 3], c):
        n += 1
print("switched class", n)

for bad in (3, "Base", (Base, 3)):
    try:
        for i in range(60):
            isinstance(Other(), bad)
        print("no error", bad)
    except TypeError as e:
        print("TypeError", e)

real = isinstance


def fake(o, c):
    return "fake"


hits = []
for i in range(120):
    if i == 60:
        isinstance = fake
    hits.append(isinstance(Child(), Base))
isinstance = real
print(hits.count(True), hits.count("fake"))
