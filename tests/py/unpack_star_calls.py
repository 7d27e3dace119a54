# star and double-star unpacking in calls and displays
def f(*args, **kw):
    return args, kw
a, b = [1, 2], (3, 4)
d1, d2 = {"x": 1}, {"y": 2}
print(f(*a, *b), f(*a, 0, *b, **d1, **d2), f(**d1, z=3, **d2))
print([*a, *b, *"hi"], (*a, 5), {*a, *b} == {1, 2, 3, 4}, {**d1, **d2, "x": 9}, [*range(3), *{}.keys()])
first, *rest = *a, *b
print(first, rest)
print(*[], sep="|")
print(*a, *b, sep=",")
try:
    f(**d1, **{"x": 2})
except TypeError as e:
    print(type(e).__name__, e)
try:
    f(**{1: 2})
except TypeError as e:
    print(type(e).__name__, e)
try:
    f(*5)
except TypeError as e:
    print(type(e).__name__, e)
try:
    f(**[1])
except TypeError as e:
    print(type(e).__name__, e)
def g(a, b, c=0, *, d=0):
    return a + b + c + d
print(g(*[1, 2]), g(*[1], **{"b": 2, "d": 4}), g(1, *(2, 3)))
