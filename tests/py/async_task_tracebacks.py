# Tracebacks of exceptions that cross tasks: awaiting a failed task or gather shows the
# awaiting coroutine and the task's frames (asyncio's Future and Task add none, as
# CPython's C ones do).
import asyncio
import traceback


async def fail(n):
    await asyncio.sleep(0)
    if n == 0:
        raise ValueError("deep")
    await fail(n - 1)


async def main():
    t = asyncio.create_task(fail(2))
    try:
        await t
    except ValueError:
        traceback.print_exc()
    try:
        await asyncio.gather(fail(1), fail(0))
    except ValueError as e:
        print("gather:", e)
        traceback.print_exc()
    done = asyncio.create_task(fail(0))
    await asyncio.sleep(0)
    await asyncio.sleep(0)
    try:
        done.result()
    except ValueError:
        print(traceback.format_exc().splitlines()[-2:])
    try:
        asyncio.get_running_loop().create_future().result()
    except asyncio.InvalidStateError as e:
        print(repr(e))
        traceback.print_exc()


asyncio.run(main())
