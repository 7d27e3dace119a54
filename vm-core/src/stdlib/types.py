# The names of the interpreter's own types, taken from objects of each kind, and the
# helpers `SimpleNamespace`, `coroutine` and `new_class`.
import sys as _sys


def _f():
    pass


async def _c():
    pass


def _g():
    yield 1


async def _ag():
    yield 1


class _C:
    def _m(self):
        pass


FunctionType = type(_f)
LambdaType = type(lambda: None)
CodeType = type(_f.__code__)
GeneratorType = type(_g())
_co = _c()
CoroutineType = type(_co)
_co.close()
AsyncGeneratorType = type(_ag())
MethodType = type(_C()._m)
BuiltinFunctionType = type(len)
BuiltinMethodType = type([].append)
ModuleType = type(_sys)
NoneType = type(None)
EllipsisType = type(Ellipsis)
NotImplementedType = type(NotImplemented)


def _cell():
    x = 1

    def inner():
        return x

    return inner.__closure__[0]


CellType = type(_cell())

try:
    raise TypeError
except TypeError as _e:
    TracebackType = type(_e.__traceback__)
    FrameType = type(_e.__traceback__.tb_frame)
    del _e

del _f, _c, _g, _ag, _C, _co, _cell


class SimpleNamespace:
    def __init__(self, *args, **kwargs):
        if args:
            raise TypeError("no positional arguments expected")
        self.__dict__.update(kwargs)

    def __repr__(self):
        items = ("{}={!r}".format(k, v) for k, v in self.__dict__.items())
        name = "namespace" if type(self) is SimpleNamespace else type(self).__name__
        return "{}({})".format(name, ", ".join(items))

    def __eq__(self, other):
        if isinstance(self, SimpleNamespace) and isinstance(other, SimpleNamespace):
            return self.__dict__ == other.__dict__
        return NotImplemented

    __hash__ = None


class _GeneratorWrapper:
    # Makes a generator awaitable: `await` drives the generator itself.
    def __init__(self, gen):
        self.__wrapped = gen
        self.__name__ = getattr(gen, "__name__", None)
        self.__qualname__ = getattr(gen, "__qualname__", None)

    def send(self, val):
        return self.__wrapped.send(val)

    def throw(self, *args):
        return self.__wrapped.throw(*args)

    def close(self):
        return self.__wrapped.close()

    def __next__(self):
        return next(self.__wrapped)

    def __iter__(self):
        return self.__wrapped

    def __await__(self):
        return self.__wrapped


def coroutine(func):
    """Convert a regular generator function into a coroutine."""
    if not callable(func):
        raise TypeError("types.coroutine() expects a callable")

    def wrapped(*args, **kwargs):
        coro = func(*args, **kwargs)
        if type(coro) is GeneratorType:
            return _GeneratorWrapper(coro)
        return coro

    for attr in ("__module__", "__name__", "__qualname__", "__doc__"):
        try:
            setattr(wrapped, attr, getattr(func, attr))
        except AttributeError:
            pass
    wrapped.__wrapped__ = func
    return wrapped


def new_class(name, bases=(), kwds=None, exec_body=None):
    """Create a class object dynamically using the appropriate metaclass."""
    kwds = dict(kwds) if kwds else {}
    meta = kwds.pop("metaclass", type)
    ns = {}
    if exec_body is not None:
        exec_body(ns)
    return meta(name, tuple(bases), ns, **kwds)
