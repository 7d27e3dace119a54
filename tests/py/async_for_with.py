# async for over __aiter__/__anext__ objects and async generators; async with and __aexit__.


def run(coro):
    try:
        while True:
            coro.send(None)
    except StopIteration as e:
        return e.value


class Ticker:
    """An asynchronous iterator written by hand."""

    def __init__(self, n):
        self.n = n
        self.i = 0

    def __aiter__(self):
        return self

    async def __anext__(self):
        if self.i >= self.n:
            raise StopAsyncIteration
        self.i += 1
        return self.i * 10


async def agen(items):
    for x in items:
        yield x


async def loops():
    out = []
    async for v in Ticker(3):
        out.append(v)
    else:
        out.append("else")
    async for v in agen("abcd"):
        if v == "b":
            continue
        if v == "d":
            break
        out.append(v)
    else:
        out.append("not reached")
    async for a, b in agen([(1, 2), (3, 4)]):
        out.append(a + b)
    for outer in range(2):
        async for inner in Ticker(2):
            out.append((outer, inner))
    return out


print(run(loops()))


class Manager:
    def __init__(self, name, suppress=False):
        self.name = name
        self.suppress = suppress

    async def __aenter__(self):
        print("enter", self.name)
        return self.name.upper()

    async def __aexit__(self, exc_type, exc, tb):
        print("exit", self.name, exc_type.__name__ if exc_type else None, exc)
        return self.suppress


async def withs():
    async with Manager("a") as x, Manager("b") as y:
        print("body", x, y)
    async with Manager("quiet", suppress=True):
        raise KeyError("hidden")
    try:
        async with Manager("loud"):
            raise ValueError("shown")
    except ValueError as e:
        print("caught", e)
    for i in range(3):
        async with Manager(f"loop{i}"):
            if i == 1:
                continue
            if i == 2:
                break
            print("loop body", i)
    return await returning()


async def returning():
    async with Manager("ret"):
        return "returned from inside"


print(run(withs()))


async def errors():
    class NoAiter:
        pass

    class BadAiter:
        def __aiter__(self):
            return 5

    class BadAnext:
        def __aiter__(self):
            return self

        def __anext__(self):
            return 7

    class NoAexit:
        async def __aenter__(self):
            return 1

    class SyncEnter:
        def __aenter__(self):
            return 2

        async def __aexit__(self, *args):
            return False

    for obj in (NoAiter(), BadAiter(), BadAnext()):
        try:
            async for _ in obj:
                pass
        except TypeError as e:
            print(type(e).__name__, e)
    for mgr in (NoAiter(), NoAexit(), SyncEnter()):
        try:
            async with mgr:
                pass
        except TypeError as e:
            print(type(e).__name__, e)
    try:
        async for _ in agen([1]):
            raise IndexError("from the body")
    except IndexError as e:
        print("body error", e)


run(errors())
