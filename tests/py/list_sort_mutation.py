# list.sort empties the list while it sorts (as CPython does): a key function that looks at
# or mutates the list sees it empty; growing it raises "list modified during sort" after
# the sort, and an error in a key leaves the list as it was
L = [3, 1, 2]
def key(x):
    L.clear()
    return x
L.sort(key=key)
print(L)
L = [3, 1, 2]
def key2(x):
    L.append(1)
    return x
try:
    L.sort(key=key2)
except ValueError as e:
    print(e, L)
L = [3, 1, 2]
def key3(x):
    L[0] = 9
    return x
try:
    L.sort(key=key3)
except IndexError as e:
    print(e, L)
seen = []
L = [5, 4, 6]
def key4(x):
    seen.append(len(L))
    return -x
L.sort(key=key4)
print(L, seen)
class K:
    def __init__(self, v): self.v = v
    def __lt__(self, o):
        seen.append(list(M))
        return self.v < o.v
M = [K(2), K(1)]
M.sort()
print([k.v for k in M], seen[-1])
L = [1, 2]
def key5(x):
    L.extend([7, 8]); L.clear()
    return x
try:
    L.sort(key=key5)
except ValueError as e:
    print(e, L)
print(sorted([3, 2, 1]), sorted("cba", key=lambda c: c))
