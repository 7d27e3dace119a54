# Traceback objects: __traceback__ chains (tb_next, tb_frame, tb_lineno, tb_lasti),
# sys.exc_info(), re-raise, raise ... from, raise e again, with_traceback, and the frames
# they keep alive.
import sys


def chain(tb):
    out = []
    while tb is not None:
        out.append((tb.tb_frame.f_code.co_name, tb.tb_lineno))
        tb = tb.tb_next
    return out


def fail(x):
    raise ValueError(x)


def middle(x):
    fail(x)


def reraiser():
    try:
        middle(1)
    except ValueError:
        raise


try:
    middle(0)
except ValueError as e:
    print(chain(e.__traceback__))
    t, v, tb = sys.exc_info()
    print(t.__name__, v is e, tb is e.__traceback__, tb.tb_frame is sys._getframe())
    print(tb.tb_next.tb_frame.f_back is tb.tb_frame, tb.tb_next.tb_next.tb_next)
    print(tb.tb_next.tb_next.tb_frame.f_locals, type(tb.tb_lasti).__name__)
print(sys.exc_info())

try:
    reraiser()
except ValueError as e:
    print("reraise", chain(e.__traceback__))

try:
    try:
        fail(2)
    except ValueError as e:
        raise KeyError("k") from e
except KeyError as e:
    print("from", chain(e.__traceback__), chain(e.__cause__.__traceback__))


def keep():
    try:
        fail(3)
    except ValueError as e:
        return e


err = keep()
print("kept", chain(err.__traceback__))
try:
    raise err
except ValueError as e:
    print("again", chain(e.__traceback__))

fresh = ValueError("fresh")
print(fresh.__traceback__)
print(fresh.with_traceback(err.__traceback__) is fresh, fresh.__traceback__ is err.__traceback__)
try:
    raise fresh
except ValueError as e:
    print("with_traceback", chain(e.__traceback__))
fresh.__traceback__ = None
print(fresh.__traceback__)
for bad in (5, "tb", sys._getframe()):
    try:
        fresh.with_traceback(bad)
    except TypeError as e:
        print(type(e).__name__, e)
    try:
        fresh.__traceback__ = bad
    except TypeError as e:
        print(type(e).__name__, e)


def loop(n):
    seen = []
    for i in range(n):
        try:
            if i % 2:
                fail(i)
            else:
                {}[i]
        except (ValueError, KeyError) as e:
            tb = e.__traceback__
            seen.append((type(e).__name__, tb.tb_lineno, tb.tb_frame.f_locals["i"], len(chain(tb))))
    return seen


print(loop(6))
results = loop(400)
print(len(results), results[-1], sum(r[3] for r in results))


def gen():
    yield 1
    raise RuntimeError("in gen")


try:
    for x in gen():
        pass
except RuntimeError as e:
    print("gen", chain(e.__traceback__), e.__traceback__.tb_next.tb_frame.f_locals)

frames = []
for k in range(3):
    try:
        fail(k)
    except ValueError as e:
        frames.append(e.__traceback__.tb_next.tb_frame)
print([f.f_locals["x"] for f in frames], [f.f_lineno for f in frames])
