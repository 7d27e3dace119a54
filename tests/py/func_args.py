# defaults, keyword args, keyword-only, *args, **kwargs, positional-only
def f(a, b=2, *args, c, d=4, **kw):
    return (a, b, args, c, d, kw)
print(f(1, c=3))
print(f(1, 5, 6, 7, c=8, e=9, d=0))
print(f(*[1, 2, 3], **{"c": 4, "z": 5}))
def pos_only(a, b, /, c, *, d):
    return a, b, c, d
print(pos_only(1, 2, 3, d=4), pos_only(1, 2, c=3, d=4))
def defaults(x, lst=[]):
    lst.append(x)
    return lst
print(defaults(1), defaults(2), defaults(3, []))
def kw_only(*, key="k", value):
    return key + "=" + str(value)
print(kw_only(value=1), kw_only(value=2, key="q"))
def star_only(*args):
    return args
print(star_only(), star_only(1), star_only(*range(3), 9))
def kw_all(**kw):
    return sorted(kw.items())
print(kw_all(b=2, a=1), kw_all(**{"x": 1}, y=2))
def mixed(a, *, b):
    return a * b
print(mixed(3, b=4), mixed(b=2, a=5))
calls = [
    lambda: f(),
    lambda: f(1),
    lambda: f(1, c=1, a=2),
    lambda: pos_only(a=1, b=2, c=3, d=4),
    lambda: pos_only(1, 2, 3, 4),
    lambda: kw_only(1, value=2),
    lambda: mixed(1, 2),
    lambda: mixed(1, b=2, z=3),
    lambda: star_only(x=1),
    lambda: defaults(),
    lambda: f(1, c=2, **{"c": 3}),
    lambda: kw_all(1),
]
for call in calls:
    try:
        call()
    except TypeError as e:
        print(type(e).__name__, e)
