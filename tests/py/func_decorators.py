# decorators: plain, with arguments, stacked, class decorators
def trace(fn):
    def wrapper(*args, **kw):
        print("call", fn.__name__, args, kw)
        r = fn(*args, **kw)
        print("ret", r)
        return r
    wrapper.__name__ = fn.__name__
    return wrapper
@trace
def add(a, b):
    return a + b
add(1, b=2)
print(add.__name__)
def repeat(n):
    def deco(fn):
        def wrapper(*a):
            return [fn(*a) for _ in range(n)]
        return wrapper
    return deco
@repeat(3)
def hello(name):
    return "hi " + name
print(hello("bo"))
def bold(fn):
    return lambda: "<b>" + fn() + "</b>"
def italic(fn):
    return lambda: "<i>" + fn() + "</i>"
@bold
@italic
def text():
    return "t"
print(text())
registry = {}
def register(name):
    def deco(obj):
        registry[name] = obj
        return obj
    return deco
@register("sq")
def square(x):
    return x * x
@register("cls")
class Thing:
    pass
print(sorted(registry), registry["sq"](4), registry["cls"] is Thing)
def add_method(cls):
    cls.extra = lambda self: "extra!"
    return cls
@add_method
class Base:
    pass
print(Base().extra())
order = []
def mark(tag):
    order.append("make " + tag)
    def deco(fn):
        order.append("apply " + tag)
        return fn
    return deco
@mark("outer")
@mark("inner")
def target():
    pass
print(order)
def count_calls(fn):
    def w(*a):
        w.calls += 1
        return fn(*a)
    w.calls = 0
    return w
@count_calls
def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)
print(fib(10), fib.calls)
