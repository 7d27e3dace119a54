# hand-written sorting algorithms checked against sorted()
def bubble(a):
    a = a[:]
    for i in range(len(a)):
        swapped = False
        for j in range(len(a) - 1 - i):
            if a[j] > a[j + 1]:
                a[j], a[j + 1] = a[j + 1], a[j]
                swapped = True
        if not swapped:
            break
    return a
def insertion(a):
    a = a[:]
    for i in range(1, len(a)):
        x, j = a[i], i - 1
        while j >= 0 and a[j] > x:
            a[j + 1] = a[j]
            j -= 1
        a[j + 1] = x
    return a
def merge_sort(a):
    if len(a) <= 1:
        return a[:]
    mid = len(a) // 2
    l, r = merge_sort(a[:mid]), merge_sort(a[mid:])
    out, i, j = [], 0, 0
    while i < len(l) and j < len(r):
        if l[i] <= r[j]:
            out.append(l[i]); i += 1
        else:
            out.append(r[j]); j += 1
    return out + l[i:] + r[j:]
def quick(a):
    if len(a) <= 1:
        return a
    p = a[len(a) // 2]
    return quick([x for x in a if x < p]) + [x for x in a if x == p] + quick([x for x in a if x > p])
def heap_sort(a):
    a = a[:]
    n = len(a)
    def sift(i, n):
        while True:
            big, l, r = i, 2 * i + 1, 2 * i + 2
            if l < n and a[l] > a[big]: big = l
            if r < n and a[r] > a[big]: big = r
            if big == i: return
            a[i], a[big] = a[big], a[i]
            i = big
    for i in range(n // 2 - 1, -1, -1):
        sift(i, n)
    for end in range(n - 1, 0, -1):
        a[0], a[end] = a[end], a[0]
        sift(0, end)
    return a
data = [(i * 7919 + 13) % 101 - 50 for i in range(60)]
expected = sorted(data)
for fn in (bubble, insertion, merge_sort, quick, heap_sort):
    r = fn(data)
    print(fn.__name__, r == expected, r[:8])
print(merge_sort(["pear", "apple", "fig"]), quick([3.5, -1, 2]), heap_sort([]), bubble([1]))
def binary_search(a, x):
    lo, hi = 0, len(a)
    while lo < hi:
        mid = (lo + hi) // 2
        if a[mid] < x:
            lo = mid + 1
        else:
            hi = mid
    return lo if lo < len(a) and a[lo] == x else -1
print([binary_search(expected, v) for v in (expected[0], expected[-1], 1000, expected[30])])
