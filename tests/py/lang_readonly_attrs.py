# Setting and deleting attributes of builtin objects and types: CPython's messages for a
# method, a data attribute and a missing attribute.
stmts = [
    "(1).real = 2", "[].append = 1", "'a'.x = 1", "(1).x = 1", "[].x = 1",
    "del [].append", "del (1).x", "(1.5).imag = 0", "len.x = 1", "object().x = 1",
    "int.x = 1", "del int.real", "del int.x", "(1, 2).count = 0", "{}.get = 1",
    "del 'abc'.upper", "(10 ** 30).real = 1",
]
for stmt in stmts:
    try:
        exec(stmt)
        print('no error', stmt)
    except Exception as e:
        print(type(e).__name__, e)
class C:
    pass
c = C()
c.x = 1
del c.x
try:
    del c.x
except AttributeError as e:
    print(type(e).__name__, e)
