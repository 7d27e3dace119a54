import heapq
import bisect

h = []
for v in [5, 1, 8, 3, 9, 2]:
    heapq.heappush(h, v)
print(h[0], [heapq.heappop(h) for _ in range(3)], h)
data = [9, 4, 7, 1, 8, 2]
heapq.heapify(data)
print(data[0], heapq.heapreplace(data, 6), heapq.heappushpop(data, 0), heapq.heappushpop(data, 5))
print(sorted(data), heapq.nlargest(2, [3, 1, 4, 1, 5]), heapq.nsmallest(3, [3, 1, 4, 1, 5]))
print(heapq.nlargest(2, ["bb", "a", "ccc"], key=len), heapq.nsmallest(0, [1]))
print(list(heapq.merge([1, 4, 7], [2, 5], [3, 6])), list(heapq.merge([3, 1], [2], reverse=True)))
tasks = []
for pri, name in [(2, "write"), (1, "read"), (3, "sleep"), (1, "eat")]:
    heapq.heappush(tasks, (pri, name))
print([heapq.heappop(tasks) for _ in range(len(tasks))])
for f in [lambda: heapq.heappop([]), lambda: heapq.heapreplace([], 1)]:
    try:
        f()
    except IndexError as e:
        print(type(e).__name__, e)

a = [1, 2, 2, 2, 3, 5]
print(bisect.bisect_left(a, 2), bisect.bisect_right(a, 2), bisect.bisect(a, 4), bisect.bisect(a, 0))
print(bisect.bisect_left(a, 2, 2), bisect.bisect_right(a, 2, 0, 3))
bisect.insort(a, 4); bisect.insort_left(a, 2); bisect.insort_right(a, 9)
print(a)
recs = [("a", 1), ("b", 3), ("c", 5)]
print(bisect.bisect_left(recs, 3, key=lambda r: r[1]), bisect.bisect_right(recs, 3, key=lambda r: r[1]))
bisect.insort(recs, ("x", 4), key=lambda r: r[1])
print(recs)


def grade(score, breakpoints=[60, 70, 80, 90], grades="FDCBA"):
    return grades[bisect.bisect(breakpoints, score)]


print([grade(s) for s in [33, 99, 77, 70, 89, 90, 100]])
try:
    bisect.bisect([1], 1, -1)
except ValueError as e:
    print(type(e).__name__, e)
