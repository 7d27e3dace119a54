# __len__, __getitem__/__setitem__/__delitem__, __contains__, iteration fallback
class Grid:
    def __init__(self, w, h):
        self.w, self.h = w, h
        self.cells = {}
    def __len__(self):
        return self.w * self.h
    def __getitem__(self, pos):
        x, y = pos
        if not (0 <= x < self.w and 0 <= y < self.h):
            raise IndexError(f"cell {pos} out of range")
        return self.cells.get(pos, ".")
    def __setitem__(self, pos, v):
        self.cells[pos] = v
    def __delitem__(self, pos):
        del self.cells[pos]
    def __contains__(self, v):
        return v in self.cells.values()
g = Grid(3, 2)
g[0, 0] = "#"
g[2, 1] = "@"
print(len(g), g[0, 0], g[1, 1], "#" in g, "x" in g, "x" not in g)
del g[0, 0]
print(g[0, 0], "#" in g)
try:
    g[5, 5]
except IndexError as e:
    print(type(e).__name__, e)
try:
    del g[1, 1]
except KeyError as e:
    print(type(e).__name__, e)
class Seq:
    def __getitem__(self, i):
        if i >= 5:
            raise IndexError
        return i * i
print(list(Seq()), 9 in Seq(), 7 in Seq(), [x for x in Seq() if x % 2])
it = iter(Seq())
print(next(it), next(it), type(it).__name__)
class Empty:
    def __len__(self):
        return 0
print(len(Empty()), bool(Empty()), list(reversed([1, 2])))
class Rev:
    def __len__(self):
        return 3
    def __getitem__(self, i):
        return "abc"[i]
print(list(reversed(Rev())), list(Rev()))
class BadLen:
    def __len__(self):
        return -1
try:
    len(BadLen())
except ValueError as e:
    print(type(e).__name__, e)
class StrLen:
    def __len__(self):
        return "3"
try:
    len(StrLen())
except TypeError as e:
    print(type(e).__name__, e)
try:
    len(5)
except TypeError as e:
    print(type(e).__name__, e)
class NoItem:
    pass
try:
    NoItem()[0]
except TypeError as e:
    print(type(e).__name__, e)
try:
    NoItem()[0] = 1
except TypeError as e:
    print(type(e).__name__, e)
try:
    iter(NoItem())
except TypeError as e:
    print(type(e).__name__, e)
try:
    1 in NoItem()
except TypeError as e:
    print(type(e).__name__, e)
