# A generated program (tiercel-fuzz --show 5 --seed 77 --generator-only) kept as a
# regression: hot loops and calls whose values change type; CPython prints the same.
import math
try:
    v1 = round((-3.14159))
    v2 = (False and (v1 in list(range(6))))
    v3 = max((-v1), round(-7.75))
    a4 = v3
    a4 //= (v1) or 1
    print('a4', a4, type(a4).__name__)
    a5 = round(float((-10**25)), 1)
    a5 += min((-1), (7 >> 46), 3)
    print('a5', a5, type(a5).__name__)
    a6 = ((a4 if v2 else (2**31)) ^ (~10))
    a6 //= ((True - (-v3))) or 1
    print('a6', a6, type(a6).__name__)
    print(divmod(-7, 2), divmod(7.5, -2), 2**100 // 3, -(2**65) % 7, 10**20 / 3)
    print({'k': -3, 'x': 10**18})
    print(tuple([5, -2, 9, 0, 2**40, 7][1:][1:]))
    print(sorted(set(([3, 1, 2] + list(range(7))))))
except Exception as e:
    print('error', type(e).__name__, e)
try:
    lst = [0] * 10
    cnt = {}
    s = ''
    for i in range(6000):
        lst[i % 10] += i
        cnt[i % 7] = cnt.get(i % 7, 0) + 1
        s = (s + chr(97 + i % 26))[-12:]
        t = (i, -i)
        a, b = t
        lst[a % 10] -= b % 3
    print(lst, cnt, s)
    tot = []
    for j in range(601):
        seq = [range(5), [1.5, 2], (True,), 'q'][j % len([range(5), [1.5, 2], (True,), 'q'])]
        acc = 0
        for x in seq:
            acc = acc + (x if isinstance(x, (int, float)) else len(str(x)))
        tot.append(acc)
    print(tot[-5:], sum(tot))
except Exception as e:
    print('error', type(e).__name__, e)
K7 = 3
def use8(i):
    return (isinstance(i, int), K7 * i)
res = []
for i in range(3000):
    if i == 1500:
        isinstance = lambda a, b: False
        K7 = 'k'
    if i == 2250:
        del isinstance
        K7 = 2.5
    r = use8(i)
    if i % 751 == 0 or i in (1500, 1500 + 1):
        res.append(r)
print(res)

