# send, throw, close, GeneratorExit
def averager():
    total, n = 0, 0
    avg = None
    while True:
        x = yield avg
        if x is None:
            break
        total += x
        n += 1
        avg = total / n
    return avg
a = averager()
print(a.send(None))
print(a.send(10), a.send(20), a.send(60))
try:
    a.send(None)
except StopIteration as e:
    print("returned", e.value)
def echo():
    try:
        while True:
            try:
                v = yield
                print("  got", v)
            except ValueError as e:
                print("  handled", e)
                yield "recovered"
    finally:
        print("  cleanup")
e = echo()
next(e)
e.send("a")
print(e.throw(ValueError("bad")))
next(e)
e.send("b")
e.close()
print("closed")
try:
    e.send("c")
except StopIteration:
    print("send after close -> StopIteration")
def unhandled():
    yield 1
    yield 2
u = unhandled()
next(u)
try:
    u.throw(KeyError("k"))
except KeyError as ex:
    print("propagated", repr(ex))
print(next(u, "dead"))
def closer():
    try:
        yield 1
    except GeneratorExit:
        print("  GeneratorExit seen")
        raise
c = closer()
next(c)
c.close()
def bad_closer():
    try:
        yield 1
    except GeneratorExit:
        yield 2
b = bad_closer()
next(b)
try:
    b.close()
except RuntimeError as ex:
    print(type(ex).__name__, ex)
g = (i for i in range(3))
try:
    g.send(5)
except TypeError as ex:
    print(type(ex).__name__, ex)
fresh = unhandled()
fresh.close()
print(list(fresh))
def catcher():
    while True:
        try:
            yield
        except Exception as ex:
            print("  caught", type(ex).__name__)
ct = catcher()
next(ct)
ct.throw(IndexError)
ct.throw(TypeError("t"))
ct.close()
