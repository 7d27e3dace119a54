# A generated program (tiercel-fuzz --show 28 --seed 77 --generator-only) kept as a
# regression: hot loops and calls whose values change type; CPython prints the same.
import math
try:
    v1 = ((0.5 + 1e-7) ** 2)
    v2 = any(x > 2 for x in [5, -2, 9, 0, 2**40, 7][::-2])
    v3 = f"{(v1 ** 2):.3f}"
    a4 = (0 if v2 else (~123456789))
    a4 *= (len('tab\tnl\n') ** 0)
    print('a4', a4, type(a4).__name__)
    a5 = int((v1 - a4))
    a5 -= (sum([3, 1, 2]) ** 0)
    print('a5', a5, type(a5).__name__)
    a6 = float((1000 & a5))
    a6 += (len([3, 1, 2]) ^ pow(a4, 6, 1000003))
    print('a6', a6, type(a6).__name__)
    print(divmod(-7, 2), divmod(7.5, -2), 2**100 // 3, -(2**65) % 7, 10**20 / 3)
    print((abs((0.1 * a6)) // 0.75))
    print(any(x > 2 for x in list(reversed([]))))
    print(((round(a6, 1) + a6) - (a4 << 9)))
except Exception as e:
    print('error', type(e).__name__, e)
class Ctx7:
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
    with Ctx7('a', False) as a, Ctx7('b', False) as b:
        print('body', a.name, b.name)
        raise RuntimeError('in with')
    print('after with')
except RuntimeError as e:
    print('escaped', e)
for i in range(5):
    with Ctx7(str(i), i % 2 == 0):
        if i == 3:
            continue
        if i == 5:
            break
        x = 1 // (i % 2)
try:
    def make8(start):
        count = start
        def inc(step=1):
            nonlocal count
            count += step
            return count
        def get():
            return count
        return inc, get
    inc, get = make8(0)
    for i in range(4500):
        inc(1)
    print(str(get())[:60])
    fs = [lambda x, i=i: x + i for i in range(1)]
    print([f(10) for f in fs])
    G9 = 0
    def bump10(k):
        global G9
        G9 += k
        return G9
    for i in range(4500):
        bump10(i % 3)
    print(G9)
except Exception as e:
    print('error', type(e).__name__, e)
try:
    v11 = min(min((2**64 + 1), (2**47 - 1), 3), (2 - 1000), 3)
    v12 = {'a': 1, 'b': 2}
    class Err13(ValueError):
        def __init__(self, code):
            super().__init__('code %d' % code)
            self.code = code
    def risky14(n):
        if n % 4 == 0:
            raise Err13(n)
        if n % 4 == 1:
            return [1, 2][n]
        if n % 4 == 2:
            return {'a': 1}['b' * n]
        return n // (n - 3)
    for i in range(11):
        try:
            try:
                r = risky14(i)
            except Err13 as e:
                print('custom', e.code, e.args)
            except (IndexError, ZeroDivisionError) as e:
                print('caught', type(e).__name__, e)
            else:
                print('ok', r)
            finally:
                print('finally', i)
                if i == 6:
                    break
        except LookupError as e:
            print('outer', repr(e), type(e.__cause__).__name__, e.__context__ is not None)
    try:
        assert max(((v11 >> 45) - int(str(v11))), v11) > 10**9, 'too small'
    except AssertionError as e:
        print('assert', e)
except Exception as e:
    print('error', type(e).__name__, e)
def poly15(x, y=0):
    return x == y or x is None
vals = [(3,), 10**20, float('inf'), None, {'k': 1}, 1, 2**47 - 1, 2**47, -3, 2.5, -0.0]
out = []
for i in range(3000):
    v = vals[0] if i < 1500 else vals[i % len(vals)]
    try:
        r = poly15(v, y=i % 3) if i % 2 else poly15(v)
    except TypeError as e:
        r = 'TypeError'
    if i % 751 == 0 or i == 1500:
        out.append(r)
print(out)
def poly16(x, y=0):
    return x + x
vals = [True, 'ab', [1, 2], (3,), 10**20, float('inf'), None, {'k': 1}, 1]
out = []
for i in range(3000):
    v = vals[0] if i < 2625 else vals[i % len(vals)]
    try:
        r = poly16(v, y=i % 3) if i % 2 else poly16(v)
    except TypeError as e:
        r = 'TypeError'
    if i % 751 == 0 or i == 2625:
        out.append(r)
print(out)

