# A generated program (tiercel-fuzz --show 22 --seed 77 --generator-only) kept as a
# regression: hot loops and calls whose values change type; CPython prints the same.
import math
try:
    class A1:
        tag = 1
        def __init__(self, v):
            self.v = v
        def m(self, k):
            return self.v + k
    class B2(A1):
        def m(self, k):
            return self.v * k + self.tag
    objs = [A1(1), B2(2), A1(3)]
    s = 0
    for i in range(3000):
        o = objs[i % len(objs)]
        if i == 2625:
            A1.m = lambda self, k: -k
        try:
            s = s + o.m(i % 5) + o.tag
            o.v = o.v + 1
        except (AttributeError, TypeError) as e:
            print(i, type(e).__name__, e)
            o.v = 0
        if i % 751 == 0:
            print(i, s, o.v, o.tag)
    print(s, [o.v for o in objs])
except Exception as e:
    print('error', type(e).__name__, e)
x = 10**18
checks = []
for i in range(300):
    x = -x - i
    if x.bit_length() > 400:
        x = x % 1000
    if i % 38 == 0:
        checks.append((i, x % 1000, x > 2**47, x.bit_length()))
print(checks, str(x)[:30])
y = 0.0
for i in range(300):
    y = y * 1.5 + i if y < 1e300 else y / 3
print(y)
try:
    caught = 0
    fin = 0
    base = int(str(1000))
    for i in range(4500):
        try:
            if i % 7 == 0:
                raise ValueError(i)
            if i % 8 == 1:
                x = [0][i]
            if i == -1:
                break
            base = (base + i) % 1000003
        except ValueError as e:
            caught += e.args[0] % 3
            continue
        except IndexError:
            caught -= 1
        finally:
            fin += 1
    print(caught, fin, base)
except Exception as e:
    print('error', type(e).__name__, e)
try:
    v3 = str(((10**20) << 60))
    v4 = str((-7.75 + 1e16))
    i = 0
    while i < 8:
        i += 1
        if i % 2 == 0:
            continue
        if i > 6:
            break
    else:
        print('no break', i)
    print('i', i)
    for x in [][1:]:
        for y in range(2):
            if x == y or y > 1:
                break
        else:
            print('inner done', x)
            continue
        print('broke', x, y)
    else:
        print('outer done')
except Exception as e:
    print('error', type(e).__name__, e)

