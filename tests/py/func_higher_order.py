# higher-order functions: reduce, compose, partial application by hand
def reduce(fn, seq, init=None):
    it = iter(seq)
    acc = next(it) if init is None else init
    for x in it:
        acc = fn(acc, x)
    return acc
print(reduce(lambda a, b: a + b, [1, 2, 3, 4]), reduce(lambda a, b: a * b, range(1, 11)), reduce(max, [3, 9, 2]), reduce(lambda a, b: b + a, "abc", ""))
def compose(*fns):
    def run(x):
        for f in reversed(fns):
            x = f(x)
        return x
    return run
pipeline = compose(str, lambda x: x * 2, abs)
print(pipeline(-21), compose()(5))
def partial(fn, *a, **kw):
    def call(*more, **kmore):
        return fn(*a, *more, **{**kw, **kmore})
    return call
def power(base, exp, mod=None):
    return pow(base, exp, mod) if mod else base ** exp
sq = partial(power, exp=2)
pow2 = partial(power, 2)
print(sq(9), pow2(10), pow2(100, mod=1000), sq(3, mod=5))
def flip(fn):
    return lambda a, b: fn(b, a)
print(flip(lambda a, b: a - b)(1, 10), flip(divmod)(3, 20))
def memo_apply(fn, n, x):
    for _ in range(n):
        x = fn(x)
    return x
print(memo_apply(lambda v: v * 2, 10, 1), memo_apply(lambda s: s + "!", 3, "hi"))
print(list(map(lambda f: f(16), [abs, str, lambda x: x ** 0.5, hex, bin])))
print(sorted(["b", "A", "c"], key=str.lower), list(filter(callable, [1, len, "x", print])) == [len, print])
