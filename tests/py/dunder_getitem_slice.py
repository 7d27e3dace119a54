# __getitem__ receiving slices and tuples; a custom sequence class
class Seq:
    def __init__(self, data):
        self.data = list(data)
    def __len__(self):
        return len(self.data)
    def __getitem__(self, key):
        if isinstance(key, slice):
            return Seq(self.data[key])
        if isinstance(key, tuple):
            return [self.data[k] for k in key]
        if not isinstance(key, int):
            raise TypeError(f"Seq indices must be int, slice or tuple, not {type(key).__name__}")
        return self.data[key]
    def __setitem__(self, key, value):
        self.data[key] = value
    def __delitem__(self, key):
        del self.data[key]
    def __repr__(self):
        return f"Seq({self.data})"
    def __eq__(self, other):
        return isinstance(other, Seq) and self.data == other.data
s = Seq(range(10))
print(s[3], s[-1], s[2:5], s[::3], s[::-4], s[1, 3, 5], len(s[5:]))
s[0] = "zero"
s[1:3] = ["a", "b", "c"]
del s[-3:]
print(s, len(s))
del s[::2]
print(s)
try:
    s["x"]
except TypeError as e:
    print(type(e).__name__, e)
try:
    s[100]
except IndexError as e:
    print(type(e).__name__, e)
print(s[1:3] == Seq(s.data[1:3]), list(s), "b" in s, s[:0])
