# asyncio tasks: creation order, names, results, exceptions, gather, cancellation.
import asyncio


async def job(name, steps, log):
    for i in range(steps):
        log.append(f"{name}{i}")
        await asyncio.sleep(0)
    return name * steps


async def failing(msg):
    await asyncio.sleep(0)
    raise ValueError(msg)


async def main():
    log = []
    t1 = asyncio.create_task(job("a", 3, log))
    t2 = asyncio.create_task(job("b", 2, log), name="second")
    print(t1.get_name(), t2.get_name(), t1.done(), asyncio.current_task().get_name())
    print(await t1, await t2, t1.done(), t2.result())
    print(" ".join(log))

    log.clear()
    res = await asyncio.gather(job("x", 2, log), job("y", 1, log), job("z", 3, log))
    print(res, " ".join(log))

    try:
        await asyncio.gather(job("p", 2, log), failing("bad"))
    except ValueError as e:
        print("gather raised", e)
    await asyncio.sleep(0)

    res = await asyncio.gather(failing("kept"), job("q", 1, log), return_exceptions=True)
    print([type(r).__name__ + ":" + str(r) for r in res])

    t = asyncio.create_task(failing("inside task"))
    await asyncio.sleep(0)
    await asyncio.sleep(0)
    print(t.done(), type(t.exception()).__name__, t.exception())
    try:
        t.result()
    except ValueError as e:
        print("result raised", e)

    async def sleeper():
        try:
            await asyncio.sleep(5)
        except asyncio.CancelledError:
            print("sleeper got CancelledError")
            raise
        finally:
            print("sleeper finally")

    s = asyncio.create_task(sleeper())
    await asyncio.sleep(0)
    print(s.cancel(), s.cancelling())
    try:
        await s
    except asyncio.CancelledError:
        print("cancelled:", s.cancelled(), s.done())
    print(s.cancel())

    async def stubborn():
        try:
            await asyncio.sleep(5)
        except asyncio.CancelledError:
            return "refused"

    st = asyncio.create_task(stubborn())
    await asyncio.sleep(0)
    st.cancel()
    print(await st, st.cancelled())

    early = asyncio.create_task(job("never", 1, log))
    early.cancel()
    try:
        await early
    except asyncio.CancelledError:
        print("cancelled before it ran", early.cancelled())

    g = asyncio.gather(job("g1", 3, log), job("g2", 3, log))
    await asyncio.sleep(0)
    g.cancel()
    try:
        await g
    except asyncio.CancelledError:
        print("gather cancelled")

    print(sorted(t.get_name() for t in asyncio.all_tasks()))
    return "main done"


print(asyncio.run(main()))
try:
    asyncio.run(42)
except ValueError as e:
    print(e)
