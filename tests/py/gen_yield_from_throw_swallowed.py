# throw(), close() and send() through yield from when the subiterator swallows the
# exception (finally: return), returns, raises another one or yields again; deep chains.
def inner():
    try:
        yield 1
    finally:
        return 'ret'
def inner_val():
    try:
        yield 1
    except ValueError:
        return 'caught'
def inner_raise():
    try:
        yield 1
    except ValueError:
        raise KeyError('k')
def inner_yield():
    try:
        yield 1
    except ValueError:
        yield 'again'
    return 'end'
def inner_plain():
    yield 1
def gen(sub, extra=()):
    a, b = 1, 2
    try:
        r = yield from sub()
        print('r =', r, a, b, *extra)
        yield 'after'
    except (KeyError, ValueError) as e:
        print('outer caught', type(e).__name__, e)
    return 'done'
def mid(sub):
    x = yield from gen(sub, ('mid',))
    print('mid got', x)
    return x
def t(f):
    try:
        print('->', repr(f()))
    except BaseException as e:
        print('->', type(e).__name__, e)
for sub in [inner, inner_val, inner_raise, inner_yield, inner_plain]:
    for wrap in [gen, mid]:
        print('==', sub.__name__, wrap.__name__)
        it = wrap(sub)
        t(lambda: next(it))
        t(lambda: it.throw(ValueError('v')))
        t(lambda: next(it))
        t(lambda: next(it))
        it = wrap(sub)
        t(lambda: next(it))
        t(lambda: it.close())
        t(lambda: next(it))
        it = wrap(sub)
        t(lambda: next(it))
        t(lambda: it.send(5))
        t(lambda: it.throw(KeyError('x')))
        t(lambda: it.close())
class It:
    def __init__(self):
        self.n = 0
    def __iter__(self):
        return self
    def __next__(self):
        self.n += 1
        return self.n
class ItThrow(It):
    def throw(self, *a):
        raise StopIteration('from throw')
    def close(self):
        print('It closed')
def g2(x):
    r = yield from x
    print('g2 r =', r)
    return r
for mk in [It, ItThrow]:
    it = g2(mk())
    t(lambda: next(it))
    t(lambda: it.throw(ValueError('w')))
    it = g2(mk())
    t(lambda: next(it))
    t(lambda: it.close())
    t(lambda: it.close())
def deep(n):
    if n == 0:
        try:
            yield 'bottom'
        finally:
            return 'bottom-ret'
    r = yield from deep(n - 1)
    return (n, r) if n < 3 else r
it = deep(50)
t(lambda: next(it))
t(lambda: it.throw(ValueError))
