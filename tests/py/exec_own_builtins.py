# Code run by exec/eval sees the builtins its globals' __builtins__ names: a dict of
# its own limits (or replaces) what it can call; the ordinary builtins stay untouched.


def attempt(src, g):
    try:
        exec(src, g)
        print("ran")
    except NameError as e:
        print("NameError:", e)


attempt("len", {"__builtins__": {}})
attempt("x = len('abc')", {"__builtins__": {"len": lambda s: 99}})
g = {"__builtins__": {"len": lambda s: 99}}
exec("y = len('abc')", g)
print(g["y"])
g = {"__builtins__": {"abs": abs}}
exec("total = 0\nfor i in range(3):\n    total += i\n", {"__builtins__": {"range": range}})
print(eval("abs(-3)", g))
try:
    eval("max(1, 2)", g)
except NameError as e:
    print("NameError:", e)


# A function defined in such code keeps seeing those builtins, even when hot.
g = {"__builtins__": {"len": lambda s: -1, "range": range}}
exec("def f(s):\n    n = 0\n    for _ in range(2000):\n        n += len(s)\n    return n\n", g)
print(g["f"]("ab"))
print(len("ab"), max(1, 2))
import builtins

g = {"__builtins__": builtins}
exec("z = len('abcd')", g)
print(g["z"])
