# Asynchronous comprehensions, await inside comprehensions, asynchronous generator
# expressions, and async generators using await and yield together.


def run(coro):
    try:
        while True:
            coro.send(None)
    except StopIteration as e:
        return e.value


async def arange(n):
    for i in range(n):
        yield i


async def square(x):
    return x * x


async def comps():
    print([x async for x in arange(5)])
    print({x % 3 async for x in arange(7)} == {0, 1, 2})
    print({x: await square(x) async for x in arange(4) if x != 2})
    print([await square(x) for x in range(4)])
    print([(x, y) async for x in arange(3) for y in range(x) if (x + y) % 2])
    print([y async for x in arange(3) async for y in arange(x)])
    nested = [[y async for y in arange(x)] for x in range(4)]
    print(nested)
    gen = (await square(x) async for x in arange(4))
    print(type(gen).__name__, [v async for v in gen])
    agenexp = (x * 2 for x in await square(2) * [1])
    print(type(agenexp).__name__, list(agenexp))
    lazy = (x async for x in arange(2))
    print(await lazy.__anext__(), await lazy.__anext__())
    try:
        await lazy.__anext__()
    except StopAsyncIteration:
        print("exhausted")


run(comps())


def sync_maker():
    return (await square(x) for x in range(3))


async def consume(agen):
    return [v async for v in agen]


made = sync_maker()
print(type(made).__name__, run(consume(made)))


class Source:
    def __init__(self):
        self.log = []

    async def numbers(self, limit):
        n = 0
        while n < limit:
            self.log.append(f"produce {n}")
            received = yield n
            if received is not None:
                self.log.append(f"received {received}")
            n += await square(1)


async def drive():
    src = Source()
    agen = src.numbers(3)
    first = await agen.__anext__()
    second = await agen.asend("hi")
    rest = [v async for v in agen]
    print(first, second, rest)
    print(src.log)


run(drive())
