# all list methods
a = [3, 1, 4]
a.append(1); print(a)
a.extend([5, 9]); print(a)
a.extend("ab"); print(a)
a.insert(0, 0); a.insert(100, "end"); a.insert(-1, "pen"); print(a)
print(a.pop(), a.pop(0), a.pop(-2), a)
a.remove(1); print(a)
print(a.index(1), a.index(4), a.count(1), a.count(99))
b = a.copy(); b.append("x"); print(a, b)
c = [5, 2, 8, 1]
c.reverse(); print(c)
c.sort(); print(c)
c.sort(reverse=True); print(c)
c.clear(); print(c, len(c))
for bad in (lambda: [].pop(), lambda: [1].pop(5), lambda: [1, 2].remove(3), lambda: [1].index(2), lambda: [1, 2].index(1, 1), lambda: [1, "a"].sort()):
    try:
        bad()
    except (IndexError, ValueError, TypeError) as e:
        print(type(e).__name__, e)
x = [1, 2, 3]
x += [4]
x += (5,)
x *= 2
print(x, x[2:5], x * 0, [0] * 3, [[0] * 2] * 2)
y = [[]] * 3
y[0].append(1)
print(y)
print([1, 2] + [3], list(range(3)) + [9])
try:
    [1] + (2,)
except TypeError as e:
    print(type(e).__name__, e)
print(list(), list("hi"), list((1, 2)), list({"a": 1, "b": 2}), list(range(5, 0, -2)))
