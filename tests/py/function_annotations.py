def f(a: int, b: "str" = "x", *args: float, c: list[int] = None, **kw: dict) -> bool:
    return True
print(f.__annotations__)
def g(): pass
print(g.__annotations__, g.__annotations__ is g.__annotations__)
g.__annotations__ = {"x": 1}; print(g.__annotations__)
class C:
    x: int = 3
    def m(self, other: "C") -> "C": return self
print(C.__annotations__, C.m.__annotations__)
def outer():
    T = int
    def inner(x: T) -> T: return x
    return inner
print(outer().__annotations__)
from functools import singledispatch, wraps
@singledispatch
def show(x): return "obj"
@show.register
def _(x: int): return "int"
@show.register
def _(x: str): return "str"
print(show(1), show("a"), show(2.0))
def deco(fn):
    @wraps(fn)
    def w(*a): return fn(*a)
    return w
@deco
def h(x: int) -> int: return x
print(h.__annotations__)
from dataclasses import dataclass
@dataclass
class P:
    x: int
    y: float = 0.0
print(P(1), P.__annotations__)
lam = lambda x: x
print(lam.__annotations__)
