# subclasses of list and dict
class Stack(list):
    def push(self, x):
        self.append(x)
        return self
    def peek(self):
        return self[-1]
s = Stack([1])
s.push(2).push(3)
print(s, len(s), s.peek(), s.pop(), isinstance(s, list), type(s).__name__, s + [9], type(s + [9]).__name__)
class DefaultDict(dict):
    def __init__(self, factory, *a, **kw):
        super().__init__(*a, **kw)
        self.factory = factory
    def __missing__(self, key):
        v = self[key] = self.factory()
        return v
dd = DefaultDict(list)
dd["a"].append(1)
dd["a"].append(2)
dd["b"].append(3)
print(dd, len(dd), "c" in dd, dd.get("c"), sorted(dd.keys()))
class LowerDict(dict):
    def __setitem__(self, key, value):
        super().__setitem__(key.lower(), value)
    def __getitem__(self, key):
        return super().__getitem__(key.lower())
ld = LowerDict()
ld["HeLLo"] = 1
print(ld["HELLO"], ld, list(ld))
try:
    ld["zz"]
except KeyError as e:
    print(type(e).__name__, e)
class SortedList(list):
    def append(self, x):
        super().append(x)
        self.sort()
sl = SortedList()
for v in [5, 1, 3]:
    sl.append(v)
print(sl, sl == [1, 3, 5], sl[0])
class Named(list):
    name = "n"
nm = Named("ab")
nm.extra = 1
print(nm, nm.name, nm.extra)
