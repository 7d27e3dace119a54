# asyncio synchronization: Event, Lock, Semaphore and Queue wake tasks in CPython's order.
import asyncio


async def main():
    ev = asyncio.Event()
    order = []

    async def waiter(i):
        order.append(f"wait{i}")
        await ev.wait()
        order.append(f"woke{i}")

    tasks = [asyncio.create_task(waiter(i)) for i in range(3)]
    await asyncio.sleep(0)
    print(ev.is_set(), order)
    ev.set()
    order.append("set")
    await asyncio.gather(*tasks)
    print(order, await ev.wait())
    ev.clear()
    print(ev.is_set())

    lock = asyncio.Lock()
    trace = []

    async def critical(name):
        async with lock:
            trace.append(name + "+")
            await asyncio.sleep(0)
            trace.append(name + "-")

    await asyncio.gather(*(critical(n) for n in "abc"))
    print("".join(trace), lock.locked())
    try:
        lock.release()
    except RuntimeError as e:
        print(e)

    sem = asyncio.Semaphore(2)
    active = []
    peak = [0]

    async def limited(i):
        async with sem:
            active.append(i)
            peak[0] = max(peak[0], len(active))
            await asyncio.sleep(0)
            active.remove(i)
        return i

    print(await asyncio.gather(*(limited(i) for i in range(5))), peak[0], sem.locked())
    try:
        asyncio.Semaphore(-1)
    except ValueError as e:
        print(e)

    q = asyncio.Queue(maxsize=2)
    print(q.maxsize, q.empty(), q.full(), q.qsize())
    events = []

    async def producer():
        for i in range(5):
            await q.put(i)
            events.append(f"p{i}")
        await q.put(None)

    async def consumer():
        while True:
            item = await q.get()
            q.task_done()
            if item is None:
                return "consumer done"
            events.append(f"c{item}")
            await asyncio.sleep(0)

    print(await asyncio.gather(producer(), consumer()))
    print(" ".join(events))
    q.put_nowait("x")
    print(q.get_nowait(), q.empty())
    try:
        q.get_nowait()
    except asyncio.QueueEmpty:
        print("QueueEmpty")
    q.put_nowait(1)
    q.put_nowait(2)
    try:
        q.put_nowait(3)
    except asyncio.QueueFull:
        print("QueueFull", q.qsize(), q.full())
    q.get_nowait()
    q.get_nowait()
    for _ in range(3):
        q.task_done()
    await q.join()
    try:
        q.task_done()
    except ValueError as e:
        print(e)

    jq = asyncio.Queue()
    for i in range(3):
        jq.put_nowait(i)

    async def drain():
        while not jq.empty():
            jq.get_nowait()
            await asyncio.sleep(0)
            jq.task_done()
        print("drained")

    asyncio.create_task(drain())
    await jq.join()
    print("joined")


asyncio.run(main())
