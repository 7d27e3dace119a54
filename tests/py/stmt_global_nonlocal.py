# global, nonlocal, closures
counter = 0
def incr():
    global counter
    counter += 1
    return counter
incr(); incr()
print(counter)
def make_counter():
    n = 0
    def inc(step=1):
        nonlocal n
        n += step
        return n
    def get():
        return n
    return inc, get
inc, get = make_counter()
inc(); inc(5)
print(get())
inc2, get2 = make_counter()
print(inc2(), get(), get2())
def outer():
    x = "outer"
    def middle():
        x = "middle"
        def inner():
            nonlocal x
            x = "inner-set"
        inner()
        return x
    m = middle()
    return x, m
print(outer())
def define_global():
    global NEW_GLOBAL
    NEW_GLOBAL = "made"
define_global()
print(NEW_GLOBAL)
fns = [lambda: i for i in range(3)]
print([f() for f in fns])
fns = [lambda i=i: i for i in range(3)]
print([f() for f in fns])
def adders():
    return [lambda x, k=k: x + k for k in range(3)]
print([a(10) for a in adders()])
x = "global x"
def reader():
    return x
def shadow():
    x = "local x"
    return x, reader()
print(shadow())
def bad():
    print(x)
    x = 1
try:
    bad()
except UnboundLocalError as e:
    print(type(e).__name__, e)
def cell_late():
    fs = []
    for j in range(3):
        def f():
            return j
        fs.append(f)
    return [f() for f in fs]
print(cell_late())
g = globals()
print(g["counter"], "incr" in g)
g["via_globals"] = 42
print(via_globals)
