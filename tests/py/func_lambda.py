# lambdas
sq = lambda x: x * x
add = lambda a, b=10: a + b
print(sq(7), add(1), add(1, 2), (lambda: "noargs")(), (lambda *a, **k: (a, k))(1, z=2))
print(sorted(["bb", "a", "ccc"], key=lambda s: -len(s)), list(map(lambda x: x + 1, [1, 2])))
compose = lambda f, g: lambda x: f(g(x))
inc_then_sq = compose(sq, lambda x: x + 1)
print(inc_then_sq(3), compose(str, sq)(5) + "!")
print(sq.__name__, (lambda: 0).__name__, callable(sq))
curry = lambda a: lambda b: lambda c: a + b + c
print(curry(1)(2)(3), curry("x")("y")("z"))
ops = {"+": lambda a, b: a + b, "-": lambda a, b: a - b, "*": lambda a, b: a * b}
print([ops[o](6, 3) for o in "+-*"])
fact = lambda n: 1 if n <= 1 else n * fact(n - 1)
print(fact(10))
cond = lambda x: "pos" if x > 0 else ("zero" if x == 0 else "neg")
print([cond(v) for v in (-1, 0, 1)])
try:
    sq()
except TypeError as e:
    print(type(e).__name__, e)
try:
    add(1, 2, 3)
except TypeError as e:
    print(type(e).__name__, e)
