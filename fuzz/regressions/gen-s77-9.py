# A generated program (tiercel-fuzz --show 9 --seed 77 --generator-only) kept as a
# regression: hot loops and calls whose values change type; CPython prints the same.
import math
v1 = 7
v2 = '\u00e9t\u00e9'
i = 0
while i < 10:
    i += 1
    if i % 5 == 0:
        continue
    if i > 10:
        break
else:
    print('no break', i)
print('i', i)
for x in list(map(lambda v: v + 1, ([5, -2, 9, 0, 2**40, 7] * 2))):
    for y in range(5):
        if x == y or y > 2:
            break
    else:
        print('inner done', x)
        continue
    print('broke', x, y)
else:
    print('outer done')
try:
    class A3:
        tag = 1
        def __init__(self, v):
            self.v = v
        def m(self, k):
            return self.v + k
    class B4(A3):
        def m(self, k):
            return self.v * k + self.tag
    objs = [A3(1), B4(2), A3(3)]
    s = 0
    for i in range(4500):
        o = objs[i % len(objs)]
        if i == 3938:
            o.extra = 1
        try:
            s = s + o.m(i % 5) + o.tag
            o.v = o.v + 1
        except (AttributeError, TypeError) as e:
            print(i, type(e).__name__, e)
            o.v = 0
        if i % 1126 == 0:
            print(i, s, o.v, o.tag)
    print(s, [o.v for o in objs])
except Exception as e:
    print('error', type(e).__name__, e)
try:
    def inner6(n):
        try:
            for i in range(n):
                got = yield i
                if got is not None:
                    print('got', got)
        finally:
            print('inner finally', n)
        return n * 10
    def gen5(n):
        r = yield from inner6(n)
        print('inner returned', r)
        yield r
    print(list(gen5(5)))
    it = gen5(5)
    print(next(it), it.send('hello'), next(it, 'end'))
    try:
        it.throw(ValueError('thrown'))
    except (ValueError, StopIteration) as e:
        print('throw', type(e).__name__, e)
    it2 = inner6(3)
    print(next(it2))
    it2.close()
    print(next(it2, 'closed'))
    print(sum(x * x for x in inner6(4500)))
    evens = (x for x in range(4500) if x % 2 == 0)
    print(sum(1 for _ in evens), list(zip(range(3), (c for c in 'abcdef'))))
except Exception as e:
    print('error', type(e).__name__, e)
try:
    acc7 = []
    for i in range(3000):
        x8 = [i] if i < 1500 else (i,)
        acc7 = list(acc7 + list(x8))[-20:]
        if i % 601 == 0 or i == 1500:
            print(i, acc7, type(x8).__name__)
    print('acc7', acc7)
    w9 = 0
    steps = 0
    while w9 < 50.5 and steps < 3000:
        w9 = w9 * 2 + 1 if steps % 3 else w9 + 0.5
        steps += 1
    print(w9, steps)
except Exception as e:
    print('error', type(e).__name__, e)
try:
    class Ctx10:
        def __init__(self, name, swallow):
            self.name = name
            self.swallow = swallow
        def __enter__(self):
            print('enter', self.name)
            return self
        def __exit__(self, t, v, tb):
            print('exit', self.name, t.__name__ if t else None, v)
            return self.swallow
    try:
        with Ctx10('a', False) as a, Ctx10('b', False) as b:
            print('body', a.name, b.name)
        print('after with')
    except RuntimeError as e:
        print('escaped', e)
    for i in range(3):
        with Ctx10(str(i), i % 2 == 0):
            if i == 3:
                continue
            if i == 5:
                break
            x = 1 // (i % 2)
except Exception as e:
    print('error', type(e).__name__, e)
acc11 = 0
for i in range(1500):
    x12 = i if i < 150 else -i
    acc11 = acc11 - x12
    if i % 301 == 0 or i == 150:
        print(i, acc11, type(x12).__name__)
print('acc11', acc11)
w13 = 0
steps = 0
while w13 < 2**48 and steps < 1500:
    w13 = w13 * 2 + 1 if steps % 3 else w13 + 0.5
    steps += 1
print(w13, steps)
try:
    lst = [0] * 10
    cnt = {}
    s = ''
    for i in range(700):
        lst[i % 10] += i
        cnt[i % 7] = cnt.get(i % 7, 0) + 1
        s = (s + chr(97 + i % 26))[-12:]
        t = (i, -i)
        a, b = t
        lst[a % 10] -= b % 3
    print(lst, cnt, s)
    tot = []
    for j in range(71):
        seq = [range(5), [1.5, 2], (True,), 'q'][j % len([range(5), [1.5, 2], (True,), 'q'])]
        acc = 0
        for x in seq:
            acc = acc + (x if isinstance(x, (int, float)) else len(str(x)))
        tot.append(acc)
    print(tot[-5:], sum(tot))
except Exception as e:
    print('error', type(e).__name__, e)

