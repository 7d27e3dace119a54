import copy

a = [1, [2, 3], {"k": [4]}]
s = copy.copy(a)
d = copy.deepcopy(a)
a[1].append(99)
a[2]["k"].append(5)
print(s, d, s[1] is a[1], d[1] is a[1])
t = (1, 2, [3])
print(copy.copy(t) is t, copy.deepcopy(t) is t, copy.deepcopy((1, "x")) == (1, "x"))
print(copy.copy({1, 2}), copy.deepcopy(frozenset([1])), copy.copy(bytearray(b"ab")))
shared = [1]
pair = [shared, shared]
pc = copy.deepcopy(pair)
print(pc[0] is pc[1], pc[0] is shared)
cyc = [1]
cyc.append(cyc)
cc = copy.deepcopy(cyc)
print(cc[1] is cc, cc is not cyc)


class Point:
    def __init__(self, x, y):
        self.x = x
        self.y = y

    def __repr__(self):
        return f"Point({self.x}, {self.y})"


p = Point([1], 2)
p2 = copy.copy(p)
p3 = copy.deepcopy(p)
p.x.append(7)
print(p2, p3, p2.x is p.x)


class Custom:
    def __init__(self, v):
        self.v = v

    def __copy__(self):
        print("__copy__")
        return Custom(self.v + 1)

    def __deepcopy__(self, memo):
        print("__deepcopy__", type(memo).__name__)
        return Custom(copy.deepcopy(self.v, memo))


print(copy.copy(Custom(1)).v, copy.deepcopy(Custom([2])).v)


class Slotted:
    __slots__ = ("a", "b")

    def __init__(self):
        self.a = [1]


s1 = Slotted()
s2 = copy.deepcopy(s1)
print(s2.a, s2.a is s1.a, hasattr(s2, "b"))


class MyList(list):
    pass


ml = MyList([1, [2]])
ml.tag = "t"
mc = copy.deepcopy(ml)
print(type(mc).__name__, mc, mc.tag, mc[1] is ml[1])
print(copy.copy(len) is len, copy.deepcopy(Point) is Point, copy.error is copy.Error)
