# A function's __globals__ and __closure__ are read-only; other attributes can be set.


def outer():
    n = 3

    def inner():
        return n

    return inner


f = outer()
print(type(f.__globals__).__name__, f.__globals__ is globals())
print(len(f.__closure__), f.__closure__[0].cell_contents)

for name in ("__globals__", "__closure__"):
    try:
        setattr(f, name, None)
    except AttributeError as e:
        print(type(e).__name__, e)

f.__globals__["made_here"] = 42
print(made_here)
f.__doc__ = "doc"
f.__name__ = "renamed"
f.extra = 1
print(f.__doc__, f.__name__, f.extra)
