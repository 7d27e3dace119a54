# An exception raised three awaits deep, uncaught: the traceback shows every frame.


class Step:
    def __await__(self):
        yield "step"


async def innermost(n):
    await Step()
    return {"a": 1}[n]


async def middle(n):
    value = await innermost(n)
    return value


async def outer():
    print("start")
    r = await middle("a")
    print("first", r)
    return await middle("missing")


coro = outer()
print(coro.send(None))
print(coro.send(None))
coro.send(None)
