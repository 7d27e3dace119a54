# Coroutine throw() and close(), GeneratorExit handling, exception state across awaits,
# frames and tracebacks of suspended coroutines.
import sys
import traceback


class Yield:
    def __init__(self, v):
        self.v = v

    def __await__(self):
        return (yield self.v)


async def guarded():
    try:
        await Yield("in try")
    except ValueError as e:
        print("guarded caught", e)
        got = await Yield("after catch")
        return ("recovered", got)
    finally:
        print("guarded finally")


c = guarded()
print(c.send(None))
print(c.throw(ValueError("thrown in")))
try:
    c.send("sent")
except StopIteration as e:
    print("stopped", e.value)

c = guarded()
c.send(None)
try:
    c.throw(KeyError, "k")
except KeyError as e:
    print("propagated", repr(e))

c = guarded()
c.send(None)
print(c.close(), c.cr_frame)


stop = []


async def ignores():
    while not stop:
        try:
            await Yield("again")
        except GeneratorExit:
            print("ignoring exit")
    return "let go"


ig = ignores()
ig.send(None)
try:
    ig.close()
except RuntimeError as e:
    print(type(e).__name__, e)
stop.append(True)
try:
    ig.send(None)
except StopIteration as e:
    print(e.value)


async def raises_stop():
    raise StopIteration("oops")


try:
    raises_stop().send(None)
except RuntimeError as e:
    print(e, "| cause:", repr(e.__cause__))


async def inner_fail():
    await Yield("inner")
    raise ZeroDivisionError("deep")


async def outer():
    try:
        await inner_fail()
    except ZeroDivisionError:
        lines = traceback.format_exc().splitlines()
        print(lines[0])
        for line in lines[1:-1]:
            if line.strip().startswith("File"):
                print(" ", line.strip().split(", ", 1)[1])
        print(lines[-1])
    return "outer done"


o = outer()
print(o.send(None))
print(o.cr_await is not None, type(o.cr_await).__name__)
print(o.cr_frame.f_code.co_name, o.cr_frame.f_lineno)
try:
    o.send(None)
except StopIteration as e:
    print(e.value)


async def in_handler():
    try:
        raise ValueError("handling")
    except ValueError:
        await Yield("suspended in except")
        return sys.exc_info()[0].__name__


h = in_handler()
print(h.send(None))
print("outside:", sys.exc_info())
try:
    h.send(None)
except StopIteration as e:
    print("inside saw", e.value)


async def reentrant():
    me.send(None)


me = reentrant()
try:
    me.send(None)
except ValueError as e:
    print(type(e).__name__, e)


async def awaiting_twice(aw):
    await aw


shared = inner_fail()
first = awaiting_twice(shared)
print(first.send(None))
second = awaiting_twice(shared)
try:
    second.send(None)
except RuntimeError as e:
    print(e)
first.close()
print(shared.cr_frame)
