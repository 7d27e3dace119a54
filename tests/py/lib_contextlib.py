import sys
from contextlib import (contextmanager, suppress, closing, nullcontext, ExitStack,
                        redirect_stdout, AbstractContextManager)


@contextmanager
def tag(name):
    print(f"<{name}>")
    try:
        yield name.upper()
    finally:
        print(f"</{name}>")


with tag("b") as t:
    print("inside", t)
try:
    with tag("i"):
        raise KeyError("k")
except KeyError as e:
    print("caught", repr(e))


@contextmanager
def swallow():
    try:
        yield
    except ValueError as e:
        print("swallowed", e)


with swallow():
    raise ValueError("bad")
print("after swallow")


@tag("deco")
def decorated(x):
    print("body", x)
    return x * 2


print(decorated(4))


@contextmanager
def no_yield():
    if False:
        yield


@contextmanager
def two_yields():
    yield 1
    yield 2


for cm in (no_yield(), two_yields()):
    try:
        with cm:
            pass
    except RuntimeError as e:
        print(type(e).__name__, e)

with suppress(ZeroDivisionError, KeyError):
    1 / 0
print("suppressed")
try:
    with suppress(KeyError):
        [][1]
except IndexError as e:
    print("not suppressed", e)


class Res:
    def __init__(self, n):
        self.n = n

    def close(self):
        print("close", self.n)


with closing(Res(1)) as r:
    print("using", r.n)
with nullcontext(5) as v:
    print("null", v)

with ExitStack() as stack:
    for i in range(3):
        stack.enter_context(tag(f"t{i}"))
    stack.callback(print, "callback", 1)
    stack.push(lambda *exc: print("push exit", exc[0]))
print("stack done")
with ExitStack() as outer:
    outer.callback(print, "kept")
    moved = outer.pop_all()
print("moved out")
moved.close()
try:
    with ExitStack() as stack:
        stack.callback(print, "cleanup runs")
        raise ValueError("in body")
except ValueError as e:
    print("propagated", e)
try:
    ExitStack().enter_context(5)
except TypeError as e:
    print(type(e).__name__, e)


class Buf:
    def __init__(self):
        self.parts = []

    def write(self, s):
        self.parts.append(s)


b = Buf()
with redirect_stdout(b):
    print("hidden", 1)
print("captured", repr("".join(b.parts)))


class CM(AbstractContextManager):
    def __exit__(self, *a):
        print("exit")


with CM() as c:
    print(type(c).__name__)
