# Coroutines driven by hand: async def, await, send, results, types and reprs.


def run(coro):
    """Drive a coroutine to completion, collecting what it passes up."""
    passed = []
    try:
        while True:
            passed.append(coro.send(None))
    except StopIteration as e:
        return e.value, passed


async def double(x):
    return x * 2


async def chain(n):
    total = 0
    for i in range(n):
        total += await double(i)
    return total


print(run(chain(5)))

c = double(21)
other = double(0)
print(type(c).__name__, type(c) is type(other))
other.close()
print(c.__name__, c.__qualname__)
print(c.cr_running, c.cr_await, c.cr_frame is not None)
print(run(c))
print(c.cr_frame)


class Pause:
    """An awaitable whose __await__ is a generator: it passes a value up."""

    def __init__(self, tag):
        self.tag = tag

    def __await__(self):
        sent = yield ("pause", self.tag)
        return sent


async def worker():
    a = await Pause(1)
    b = await Pause(2)
    return a, b


w = worker()
print(w.send(None))
print(w.cr_await is not None, type(w.cr_await).__name__)
print(w.send("first"))
try:
    w.send("second")
except StopIteration as e:
    print("returned", e.value)

try:
    w.send(None)
except RuntimeError as e:
    print(type(e).__name__, e)


async def nested():
    async def inner(k):
        return [k] * k
    return [await inner(i) for i in range(1, 4)]


print(run(nested()))


class Holder:
    async def method(self, v):
        return v + 1

    async def use(self):
        return await self.method(1) + await self.method(2)


print(run(Holder().use()))
m = Holder().method(0)
print(Holder.method.__qualname__, m.__qualname__)
m.close()


async def gen_like():
    await Pause("x")
    return "done"


g = gen_like()
print(g.send(None))
g.close()
print(g.cr_frame)
try:
    g.send(None)
except RuntimeError as e:
    print(e)

h = gen_like()
h.close()
try:
    h.send(None)
except RuntimeError as e:
    print(e)

d = double(1)
try:
    d.send(5)
except TypeError as e:
    print(e)
d.close()
