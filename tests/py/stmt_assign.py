# assignment forms: chained, augmented, tuple/list targets, starred
a = b = c = 5
print(a, b, c)
x = y = []
x.append(1)
print(y, x is y)
p, q = 1, 2
p, q = q, p
print(p, q)
(m, n), [o, r] = (1, 2), [3, 4]
print(m, n, o, r)
[s, (t, u)] = "a", "bc"
print(s, t, u)
first, *rest = [1, 2, 3, 4]
print(first, rest)
*init, last = "hello"
print(init, last)
h, *mid, tl = range(6)
print(h, mid, tl)
a1, *b1 = [1]
print(a1, b1)
(a2, *b2), c2 = [1, 2, 3], 4
print(a2, b2, c2)
for i, (k, v) in enumerate({"x": 1, "y": 2}.items()):
    print(i, k, v)
lst = [0, 0, 0]
i = 0
i, lst[i] = 1, 9
print(i, lst)
d = {}
d["a"] = d["b"] = 0
print(d)
class O: pass
o = O()
o.x, o.y = 1, 2
o.x += 10
print(o.x, o.y)
z = [1, 2]
z[0] += 5
z[1] *= 3
print(z)
for bad in ("a, b = [1, 2, 3]", "a, b, c = (1, 2)", "a, *b, c = [1]", "a, b = 5"):
    try:
        if bad == "a, b = [1, 2, 3]":
            a, b = [1, 2, 3]
        elif bad == "a, b, c = (1, 2)":
            a, b, c = (1, 2)
        elif bad == "a, *b, c = [1]":
            a, *b, c = [1]
        else:
            a, b = 5
    except (ValueError, TypeError) as e:
        print(type(e).__name__, e)
s1 = "abc"
s1 += "d"
t1 = (1,)
t1 += (2,)
print(s1, t1)
