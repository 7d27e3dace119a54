# permutation and combination generators written by hand
def permutations(items):
    if len(items) <= 1:
        yield list(items)
        return
    for i in range(len(items)):
        rest = items[:i] + items[i + 1:]
        for p in permutations(rest):
            yield [items[i]] + p
def combinations(items, k):
    if k == 0:
        yield []
        return
    for i in range(len(items)):
        for c in combinations(items[i + 1:], k - 1):
            yield [items[i]] + c
def next_permutation(a):
    a = list(a)
    i = len(a) - 2
    while i >= 0 and a[i] >= a[i + 1]:
        i -= 1
    if i < 0:
        return None
    j = len(a) - 1
    while a[j] <= a[i]:
        j -= 1
    a[i], a[j] = a[j], a[i]
    a[i + 1:] = reversed(a[i + 1:])
    return a
print(["".join(p) for p in permutations("abc")])
print(len(list(permutations(list(range(6))))))
print(list(combinations([1, 2, 3, 4], 2)))
print(sum(1 for _ in combinations(list(range(10)), 4)))
p = [1, 2, 3]
seq = []
while p:
    seq.append("".join(map(str, p)))
    p = next_permutation(p)
print(seq)
print(next_permutation("aabb"), next_permutation([3, 2, 1]))
def powerset(s):
    out = [[]]
    for x in s:
        out += [sub + [x] for sub in out]
    return out
print(powerset("xyz"))
