# nested lists, equality and ordering comparisons, identity
a = [1, [2, 3], [4, [5, 6]]]
b = [1, [2, 3], [4, [5, 6]]]
print(a == b, a is b, a[2][1][0], a[1] == b[1], a[1] is b[1])
print([1, 2] < [1, 3], [1, 2] < [1, 2, 0], [2] > [1, 99], [] < [0], [1, 2] == [1, 2.0], [1] != [1])
print([[1, 2], [1]] < [[1, 2], [2]], max([[1, 2], [3], [1, 5]]), min([[2], [1, 9]]))
c = a[:]
c[1].append(99)
print(a, c, a[1] is c[1])
d = list(a)
d[0] = "changed"
print(a[0], d[0])
try:
    [1, 2] < [1, "x"]
except TypeError as e:
    print(type(e).__name__, e)
print([1, "x"] == [1, "x"], [1, "x"] < [2, "x"])
lst = [1, 2]
lst.append(lst)
print(lst, len(lst), lst[2] is lst)
m = [[i * j for j in range(4)] for i in range(3)]
print(m, [row[2] for row in m], list(zip(*m)))
print(sum(m, []), [x for row in m for x in row if x % 2])
print(3 in [1, 2, 3], [3] in [[3]], (1, 2) in [[1, 2]], "a" in ["ab"])
