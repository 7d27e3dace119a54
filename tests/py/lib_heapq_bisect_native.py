# heapq and bisect: results, arguments, errors and list subclasses.
import heapq, bisect
from heapq import heappush, heappop, heapify, heapreplace, heappushpop


def show(f, *args, **kw):
    try:
        print(repr(f(*args, **kw)))
    except Exception as e:
        print(type(e).__name__, e)


h = []
for x in [5, 3, 8, 1, 9, 2, 7, 1.5, -4]:
    heappush(h, x)
print(h)
print([heappop(h) for _ in range(len(h))])
show(heappop, [])
show(heapreplace, [], 1)
show(heappush, (), 1)
show(heappop, "ab")
show(heapify, None)
show(heappush, [])
data = [9, 4, 7, 1, 8, 2, 2, 6]
heapify(data)
print(data)
print(heapreplace(data, 5), data)
print(heappushpop(data, 0), heappushpop(data, 10), data)
print(heappushpop([], 3))
words = ["pear", "apple", "fig", "kiwi"]
heapify(words)
print([heappop(words) for _ in range(4)])
pairs = []
for p in [(2, "b"), (1, "z"), (2, "a"), (1, "a")]:
    heappush(pairs, p)
print([heappop(pairs) for _ in range(4)])


class L(list):
    pass


lh = L([3, 1, 2])
heapify(lh)
print(type(lh).__name__, list(lh), heappop(lh))
show(heappush, [1, "a"], 2)
show(heappush, [1, 2, 3], None)


class Bad:
    def __lt__(self, other):
        raise ValueError("no order")


show(heappush, [Bad()], Bad())
print(heapq.nsmallest(2, [4, 1, 3]), heapq.nlargest(2, [4, 1, 3]), list(heapq.merge([1, 3], [2])))

xs = [1, 2, 2, 2, 3, 5, 8]
for x in [0, 1, 2, 4, 8, 9]:
    print(x, bisect.bisect_left(xs, x), bisect.bisect_right(xs, x), bisect.bisect(xs, x))
print(bisect.bisect_left(xs, 2, 2), bisect.bisect_left(xs, 2, 0, 2), bisect.bisect_right(xs, 2, hi=3))
print(bisect.bisect_left(xs, 2, lo=4, hi=None), bisect.bisect_right(xs, 5, 0, -1))
show(bisect.bisect_left, xs, 2, -1)
show(bisect.bisect_left, xs)
show(bisect.bisect_left, xs, 1, 0, 7, None)
show(bisect.bisect_left, xs, 1, nope=1)
show(bisect.bisect_left, 5, 1)
show(bisect.bisect_left, xs, "a")
recs = [("a", 1), ("b", 4), ("c", 9)]
print(bisect.bisect_left(recs, 4, key=lambda r: r[1]), bisect.bisect_right(recs, 4, key=lambda r: r[1]))
print(bisect.bisect_left("acegi", "d"), bisect.bisect_right((1, 3, 5), 3), bisect.bisect(range(0, 20, 2), 7))
ys = [1, 3, 5]
bisect.insort(ys, 4)
bisect.insort_left(ys, 3)
bisect.insort_right(ys, 0)
bisect.insort(ys, 9, 0, 2)
print(ys)
rs = [("a", 1), ("c", 9)]
bisect.insort(rs, ("b", 4), key=lambda r: r[1])
bisect.insort_left(rs, ("z", 1), key=lambda r: r[1])
print(rs)


class Seq:
    def __init__(self):
        self.items = [1, 5, 9]

    def __len__(self):
        return len(self.items)

    def __getitem__(self, i):
        return self.items[i]

    def insert(self, i, x):
        print("insert", i, x)
        self.items.insert(i, x)


s = Seq()
print(bisect.bisect_left(s, 6))
bisect.insort(s, 6)
print(s.items)
ls = L([1, 4, 6])
bisect.insort(ls, 5)
print(type(ls).__name__, ls)
show(heappop)
show(heapify, [], [])
show(heapreplace, [1])
