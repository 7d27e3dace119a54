# Asynchronous generators driven by hand: __anext__, asend, athrow, aclose, ag_running.


def run(coro):
    try:
        while True:
            coro.send(None)
    except StopIteration as e:
        return e.value


def step(aw, value=None):
    """One send into an awaitable: ('yield', v) or ('return', v) or the exception."""
    try:
        return ("yield", aw.send(value))
    except StopIteration as e:
        return ("return", e.value)
    except BaseException as e:
        return ("raise", type(e).__name__, str(e))


async def counter(n):
    got = None
    for i in range(n):
        got = yield (i, got)
    yield "end"


ag = counter(2)
print(type(ag).__name__, ag.__name__, ag.ag_running, ag.ag_await)
print(ag.__aiter__() is ag)
a1 = ag.__anext__()
print(type(a1).__name__)
print(step(a1))
print(step(a1))
print(step(ag.asend("hello")))
print(step(ag.__anext__()))
print(step(ag.__anext__()))
print(step(ag.__anext__()))


class Tick:
    def __await__(self):
        yield "tick"
        return "tocked"


async def ticking():
    x = await Tick()
    yield x
    try:
        yield "inner"
    finally:
        print("cleanup runs")


t = ticking()
nx = t.__anext__()
print(step(nx))
print(t.ag_running)
print(step(nx))
print(t.ag_running)
print(step(t.__anext__()))
print(step(t.aclose()))
print(step(t.__anext__()))
print(step(t.aclose()))


async def catcher():
    while True:
        try:
            yield "waiting"
        except ValueError as e:
            yield "caught " + str(e)


c = catcher()
print(step(c.__anext__()))
print(step(c.athrow(ValueError, "boom")))
print(step(c.athrow(ValueError("again"))))
print(step(c.athrow(KeyError("k"))))
print(step(c.__anext__()))


async def stubborn():
    try:
        yield 1
    finally:
        yield 2


s = stubborn()
print(step(s.__anext__()))
print(step(s.aclose()))

aw = counter(1).__anext__()
print(step(aw))
print(step(aw))


async def raiser():
    yield 1
    raise StopAsyncIteration


r = raiser()
print(step(r.__anext__()))
print(step(r.__anext__()))


async def collect():
    out = []
    async for v in counter(3):
        out.append(v)
    return out


print(run(collect()))
