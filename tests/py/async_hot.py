# Hot loops through coroutines, awaits and async generators (traces and machine code
# run them; every tier must give CPython's results).
import asyncio


class Step:
    def __await__(self):
        yield None


async def add(a, b):
    return a + b


async def counter(n):
    for i in range(n):
        if i % 1000 == 999:
            await Step()
        yield i


def run(coro):
    passes = 0
    try:
        while True:
            coro.send(None)
            passes += 1
    except StopIteration as e:
        return e.value, passes


async def summing(n):
    total = 0
    for i in range(n):
        total = await add(total, i)
    return total


print(run(summing(4500)))


async def generating(n):
    total = 0
    async for v in counter(n):
        total += v
    return total


print(run(generating(4500)))
print(run(summing(10)))


async def deep(k):
    if k == 0:
        await Step()
        return 0
    return 1 + await deep(k - 1)


async def many_deep():
    return sum([await deep(20) for _ in range(300)])


print(run(many_deep()))


async def ping(name, n, log):
    for i in range(n):
        await asyncio.sleep(0)
        if i % 1000 == 0:
            log.append((name, i))
    return n


async def main():
    log = []
    r = await asyncio.gather(ping("a", 2500, log), ping("b", 2500, log))
    return r, log


print(asyncio.run(main()))
