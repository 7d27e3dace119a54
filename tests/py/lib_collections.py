from collections import namedtuple, deque, OrderedDict, defaultdict, Counter, ChainMap

Point = namedtuple("Point", "x y")
p = Point(1, y=2)
print(p, p.x, p.y, p[0], len(p), p == (1, 2), Point.__name__, Point._fields)
print(Point._make([3, 4]), p._asdict(), p._replace(x=9))
x, y = p
print(x + y, isinstance(p, tuple), hash(p) == hash((1, 2)))
P3 = namedtuple("P3", ["a", "b", "c"], defaults=[0, 5])
print(P3(1), P3(1, 2), P3(1, 2, 3), P3._field_defaults)
R = namedtuple("R", "a, def, a, _b", rename=True)
print(R._fields, R(1, 2, 3, 4))
One = namedtuple("One", "v")
print(One(7), One._make([8]))
for args in [("Bad", "a a"), ("Bad", "_x"), ("Bad", "def"), ("1x", "a"), ("Bad", "a-b")]:
    try:
        namedtuple(*args)
    except ValueError as e:
        print(type(e).__name__, e)
for f in [lambda: Point(1), lambda: Point._make([1, 2, 3]), lambda: p._replace(z=1),
          lambda: namedtuple("Q", "a", defaults=[1, 2])]:
    try:
        f()
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)
match p:
    case Point(a, b):
        print("matched", a, b)

d = deque([1, 2, 3])
d.append(4); d.appendleft(0)
print(d, len(d), d[0], d[-1], d.pop(), d.popleft(), d)
d.extend([7, 8]); d.extendleft([-1, -2])
print(d, list(reversed(d)), 3 in d, d.count(7), d.index(7))
d.rotate(2); print(d)
d.rotate(-3); print(d)
d[1] = 99; del d[0]; print(d, d.maxlen)
m = deque(range(10), maxlen=3)
print(m, m.maxlen)
m.append(10); print(m)
m.appendleft(5); print(m)
m.extendleft([1, 2]); print(m)
print(deque("abc") == deque("abc"), deque([1]) < deque([2]), deque([1, 2]) + deque([3]), deque([1]) * 3)
d2 = d.copy(); d2.reverse(); print(d2, d2.remove(99), d2)
d2.insert(1, "i"); print(d2, bool(deque()), deque())
for f in [lambda: deque().pop(), lambda: deque().popleft(), lambda: deque([1])[5],
          lambda: deque([1]).remove(3), lambda: deque([1], maxlen=1).insert(0, 2),
          lambda: deque([], -1), lambda: deque([1])["a"]]:
    try:
        f()
    except (IndexError, ValueError, TypeError) as e:
        print(type(e).__name__, e)

od = OrderedDict()
od["a"] = 1; od["b"] = 2; od["c"] = 3
print(od, list(od), od.popitem(), od.popitem(last=False), od)
od = OrderedDict.fromkeys("abcde", 0)
od.move_to_end("b"); print(list(od))
od.move_to_end("d", last=False); print(list(od))
print(OrderedDict(a=1, b=2) == OrderedDict(b=2, a=1), OrderedDict(a=1, b=2) == {"b": 2, "a": 1})
print(OrderedDict(), isinstance(od, dict), od | {"z": 9})
for f in [lambda: OrderedDict().popitem(), lambda: od.move_to_end("zz")]:
    try:
        f()
    except KeyError as e:
        print(type(e).__name__, e)

dd = defaultdict(list)
for k, v in [("a", 1), ("b", 2), ("a", 3)]:
    dd[k].append(v)
print(dd, dd["zz"], len(dd), dd.default_factory)
ci = defaultdict(int, {"x": 1}); ci["y"] += 2; print(sorted(ci.items()), ci.copy())
nd = defaultdict(); print(nd)
try:
    nd["k"]
except KeyError as e:
    print("KeyError", e)
try:
    defaultdict(5)
except TypeError as e:
    print("TypeError", e)

c = Counter("abracadabra")
print(c, c["a"], c["zz"], c.most_common(2), c.total())
print(sorted(c.elements()))
c.update("aaz"); c.update({"b": 10}); print(c.most_common(3))
c.subtract(a=100); print(c["a"], +c, -c)
c1, c2 = Counter(a=3, b=1), Counter(a=1, b=2)
print(c1 + c2, c1 - c2, c1 | c2, c1 & c2, c1 == Counter(b=1, a=3))
print(Counter(a=1) <= Counter(a=2), Counter(a=1, b=0) == Counter(a=1), Counter())
c1 += c2; print(c1)
del c1["nothere"]; del c1["a"]; print(c1)
try:
    Counter.fromkeys("ab")
except NotImplementedError as e:
    print("NotImplementedError", e)

cm = ChainMap({"a": 1}, {"a": 2, "b": 3})
print(cm["a"], cm["b"], len(cm), sorted(cm), cm.get("z", 0), "b" in cm)
cm["c"] = 4; print(cm, cm.parents, cm.new_child({"a": 0})["a"])
try:
    del cm["b"]
except KeyError as e:
    print("KeyError", e)
