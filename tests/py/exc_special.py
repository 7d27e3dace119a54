# raising and catching less common built-in exceptions
for exc in [MemoryError("fake oom"), OverflowError("too big"), NotImplementedError(), RecursionError("deep"),
            UnicodeError("uni"), KeyboardInterrupt(), GeneratorExit(), StopIteration("stop", 2)]:
    try:
        raise exc
    except BaseException as e:
        print(type(e).__name__, repr(str(e)), e.args, isinstance(e, Exception))
try:
    raise KeyboardInterrupt
except KeyboardInterrupt as e:
    print("caught KeyboardInterrupt", repr(e))
try:
    import math
    math.exp(10000)
except OverflowError as e:
    print(type(e).__name__, e)
try:
    2.0 ** 10000
except OverflowError as e:
    print(type(e).__name__)
try:
    raise NotImplementedError
except RuntimeError as e:
    print("NotImplementedError is a RuntimeError:", repr(e))
def gen():
    yield 1
    raise StopIteration("inside")
try:
    list(gen())
except RuntimeError as e:
    print(type(e).__name__, e, type(e.__cause__).__name__)
print(NotImplemented == NotImplemented, bool(NotImplementedError), NotImplementedError.__name__)
