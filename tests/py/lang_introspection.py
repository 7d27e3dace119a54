# Introspection of functions and generators: closures' cells, gi_code, code attributes.
def mk():
    x = 1
    def c():
        return x
    return c
f = mk()
print(len(f.__closure__), f.__closure__[0].cell_contents, f.__code__.co_freevars)
def late():
    def c():
        return y
    cell = c.__closure__[0]
    try:
        cell.cell_contents
    except ValueError as e:
        print(type(e).__name__, e)
    y = 2
    print(cell.cell_contents)
late()
def gen(a, b=2):
    yield a + b
g = gen(1)
print(g.gi_code.co_name, g.gi_code.co_argcount, g.gi_code.co_varnames, g.gi_frame is not None)
print(list(g), g.gi_frame, g.gi_code.co_name)
ge = (i for i in range(2))
print(ge.gi_code.co_name, ge.__name__)
