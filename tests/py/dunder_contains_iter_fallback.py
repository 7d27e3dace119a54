# membership test falls back to __iter__, then __getitem__
class WithIter:
    def __init__(self, items):
        self.items = items
    def __iter__(self):
        print("  __iter__ used")
        return iter(self.items)
class WithGetitem:
    def __getitem__(self, i):
        print("  __getitem__", i)
        if i > 3:
            raise IndexError(i)
        return i * 10
class WithContains(WithIter):
    def __contains__(self, x):
        print("  __contains__ used")
        return x == "magic"
print(2 in WithIter([1, 2, 3]), 9 in WithIter([1]))
print(20 in WithGetitem(), 25 in WithGetitem())
print("magic" in WithContains([]), 1 in WithContains([1]), 1 not in WithContains([1]))
class Truthy:
    def __contains__(self, x):
        return x
print(1 in Truthy(), 0 in Truthy(), [] in Truthy(), "s" in Truthy())
