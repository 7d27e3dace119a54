# asyncio timers: sleep with delays, call_soon / call_at order, wait_for timeouts. (What
# is printed does not depend on how fast the machine is: tasks that sleep longer start
# later, and timers compared with each other are set at one base time.)
import asyncio
import time


async def napper(name, delay, log):
    await asyncio.sleep(delay)
    log.append(name)
    return delay


async def main():
    loop = asyncio.get_running_loop()
    start = loop.time()
    log = []
    results = await asyncio.gather(
        napper("fast", 0.01, log), napper("mid", 0.05, log), napper("slow", 0.1, log)
    )
    elapsed = loop.time() - start
    print(log, results, elapsed >= 0.1, elapsed < 30)
    print(await asyncio.sleep(0.01, result="value"))

    order = []
    base = loop.time()
    loop.call_at(base + 0.03, order.append, "later-3")
    loop.call_at(base + 0.01, order.append, "later-1")
    loop.call_at(base + 0.02, order.append, "later-2")
    loop.call_soon(order.append, "soon-1")
    h = loop.call_soon(order.append, "cancelled")
    loop.call_soon(order.append, "soon-2")
    h.cancel()
    print(h.cancelled(), order)
    # Ready callbacks run first; timers then run in due order, however late they run.
    await asyncio.sleep(0.05)
    print(order)

    fut = loop.create_future()
    loop.call_later(0.01, fut.set_result, "from timer")
    print(fut.done(), await fut, fut.done(), fut.result())

    async def slow():
        try:
            await asyncio.sleep(10)
        finally:
            print("slow cleaned up")
        return "never"

    t0 = time.monotonic()
    try:
        await asyncio.wait_for(slow(), timeout=0.02)
    except asyncio.TimeoutError as e:
        print("timed out", type(e).__name__, type(e.__cause__).__name__, time.monotonic() - t0 < 9)
    print(await asyncio.wait_for(napper("quick", 0.01, log), timeout=10))
    print(await asyncio.wait_for(napper("none", 0, log), None))
    try:
        await asyncio.wait_for(napper("zero", 0.01, log), 0)
    except TimeoutError:
        print("zero timeout")
    return log


print(asyncio.run(main()))
loop = asyncio.new_event_loop()
print(loop.run_until_complete(napper("direct", 0.01, [])), loop.is_running(), loop.is_closed())
loop.close()
print(loop.is_closed())
coro = napper("closed", 0, [])
try:
    loop.run_until_complete(coro)
except RuntimeError as e:
    print(e)
coro.close()
