# exec, eval and compile: namespaces, modes, code objects, functions and classes made by
# exec'd code, exec inside functions and class bodies
x = 10
print(eval("x + 1"), eval("  x * 2"), eval("(1,\n 2)"), eval("[i * i for i in range(4)]"), eval("x if x else 0"))
exec("y = x + 5")
print(y)
g = {}
exec("a = 1\nb = a + 1\ndef f(n):\n    return n * b\nclass K:\n    z = b * 10\n", g)
print(sorted(k for k in g if k != "__builtins__"), g["f"](4), g["K"].z, "__builtins__" in g)
print(g["f"].__name__, g["f"].__module__ if "__name__" in g else "no module name", g["K"].__name__)
loc = {}
exec("z = 3\nw = z + a", g, loc)
print(loc, "z" in g, eval("a + z", g, loc), eval("len('abc')", {}), eval("x", {"x": 99}))
code = compile("q = 7\nprint('in code', q)", "<string>", "exec")
exec(code)
print(q, type(code).__name__, code.co_name, code.co_filename)
c2 = compile("1 + 2", "<expr>", "eval")
print(eval(c2), eval(compile("x", "f", "eval"), {"x": 42}), eval(compile("q = 1", "s", "exec")))
exec(compile("5 * 5", "<s>", "single"))
exec(compile("None; 'text'", "<s>", "single"))
exec(compile("for i in range(2): i\n", "<s>", "single"))
exec(b"print('from bytes', 1 + 1)")
print(eval(b"2 ** 10"), exec("pass"), eval("lambda v: v + 1")(1), eval("(lambda: (yield 1))")().__next__() if False else "")
def func():
    a = 1
    exec("b = a + 1")
    print(locals()["b"], eval("a + 10"), sorted(locals()))
    exec("a = 100")
    print(a, locals()["a"])
    try:
        return eval("[a * n for n in range(3)]")
    except NameError as e:
        return "NameError: " + str(e)
print(func())
def closure_user():
    k = 5
    def inner():
        return eval("k", {"k": k * 2})
    return inner()
print(closure_user())
class Mapping:
    def __init__(self):
        self.d = {"m": 5}
    def __getitem__(self, k):
        return self.d[k]
    def __setitem__(self, k, v):
        self.d[k] = v
    def __delitem__(self, k):
        del self.d[k]
mp = Mapping()
exec("n = m * 2\ndel m", {}, mp)
print(mp.d)
print(eval("n + len('ab')", {}, mp))
class Body:
    exec("w = 4")
    v = eval("w + 1")
print(Body.w, Body.v)
ns = {"__builtins__": __builtins__}
exec("import math\nr = math.floor(2.5)", ns)
print(ns["r"], "math" in ns)
exec("def gen():\n    yield from range(3)\nout = list(gen())", ns)
print(ns["out"])
src = "total = 0\nfor i in range(5):\n    total += i\n"
for _ in range(3):
    env = {}
    exec(src, env)
    print(env["total"], end=" ")
print()
print(eval("__name__"), eval("__name__", {"__name__": "other"}), eval("dir()", {}, {"k": 1}))
env = {}
exec("def fib(n):\n    a, b = 0, 1\n    for _ in range(n):\n        a, b = b, a + b\n    return a\n", env)
print(sum(env["fib"](k) for k in range(300)) % 1000003, [eval("k * k", {"k": k}) for k in range(5)])
