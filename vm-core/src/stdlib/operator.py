def lt(a, b): return a < b
def le(a, b): return a <= b
def eq(a, b): return a == b
def ne(a, b): return a != b
def ge(a, b): return a >= b
def gt(a, b): return a > b
def not_(a): return not a
def truth(a): return bool(a)
def is_(a, b): return a is b
def is_not(a, b): return a is not b
def abs(a): return _abs(a)
def add(a, b): return a + b
def and_(a, b): return a & b
def floordiv(a, b): return a // b
def index(a):
    try:
        f = type(a).__index__
    except AttributeError:
        raise TypeError(f"'{type(a).__name__}' object cannot be interpreted "
                        "as an integer") from None
    return f(a)
def inv(a): return ~a
invert = inv
def lshift(a, b): return a << b
def mod(a, b): return a % b
def mul(a, b): return a * b
def matmul(a, b): return a @ b
def neg(a): return -a
def or_(a, b): return a | b
def pos(a): return +a
def pow(a, b): return a ** b
def rshift(a, b): return a >> b
def sub(a, b): return a - b
def truediv(a, b): return a / b
def xor(a, b): return a ^ b
def concat(a, b):
    if not hasattr(a, "__getitem__"):
        raise TypeError(f"'{type(a).__name__}' object can't be concatenated")
    return a + b
def contains(a, b): return b in a
def countOf(a, b): return sum(1 for x in a if x is b or x == b)
def delitem(a, b): del a[b]
def getitem(a, b): return a[b]
def indexOf(a, b):
    for i, x in enumerate(a):
        if x is b or x == b:
            return i
    raise ValueError("sequence.index(x): x not in sequence")
def setitem(a, b, c): a[b] = c
def length_hint(obj, default=0):
    try:
        return len(obj)
    except TypeError:
        pass
    try:
        hint = type(obj).__length_hint__
    except AttributeError:
        return default
    val = hint(obj)
    return default if val is NotImplemented else val
def iadd(a, b):
    a += b
    return a
def iand(a, b):
    a &= b
    return a
def iconcat(a, b):
    a += b
    return a
def ifloordiv(a, b):
    a //= b
    return a
def ilshift(a, b):
    a <<= b
    return a
def imod(a, b):
    a %= b
    return a
def imul(a, b):
    a *= b
    return a
def ior(a, b):
    a |= b
    return a
def ipow(a, b):
    a **= b
    return a
def irshift(a, b):
    a >>= b
    return a
def isub(a, b):
    a -= b
    return a
def itruediv(a, b):
    a /= b
    return a
def ixor(a, b):
    a ^= b
    return a
def call(obj, /, *args, **kwargs): return obj(*args, **kwargs)


import builtins as _b
import _operator as _op
_abs = _b.abs
del _b


def _final(name):
    """`__init_subclass__` of a class CPython does not let be subclassed."""
    def __init_subclass__(cls, **kwargs):
        raise TypeError(f"type 'operator.{name}' is not an acceptable base type")
    return classmethod(__init_subclass__)


@_op.native_call
class attrgetter:
    # `_paths`: one tuple of the dotted parts per attribute; the call is native.
    __slots__ = ("_attrs", "_paths", "_single")

    def __init__(self, *attrs):
        if not attrs:
            raise TypeError("attrgetter expected 1 argument, got 0")
        for a in attrs:
            if not isinstance(a, str):
                raise TypeError("attribute name must be a string")
        self._attrs = attrs
        self._paths = tuple(tuple(a.split(".")) for a in attrs)
        self._single = len(attrs) == 1

    __init_subclass__ = _final("attrgetter")

    def __repr__(self):
        return f"operator.attrgetter({', '.join(map(repr, self._attrs))})"


@_op.native_call
class itemgetter:
    # The call is native: one item gives the item, more a tuple.
    __slots__ = ("_items", "_single")

    def __init__(self, *items):
        if not items:
            raise TypeError("itemgetter expected 1 argument, got 0")
        self._items = items
        self._single = len(items) == 1

    __init_subclass__ = _final("itemgetter")

    def __repr__(self):
        return f"operator.itemgetter({', '.join(map(repr, self._items))})"


@_op.native_call
class methodcaller:
    # The call is native.
    __slots__ = ("_name", "_args", "_kwargs")

    def __init__(*args, **kwargs):
        if len(args) < 2:
            raise TypeError("methodcaller needs at least one argument, the method name")
        self, name, *args = args
        args = tuple(args)
        if not isinstance(name, str):
            raise TypeError("method name must be a string")
        self._name = name
        self._args = args
        self._kwargs = kwargs

    __init_subclass__ = _final("methodcaller")

    def __repr__(self):
        args = [repr(self._name)]
        args.extend(map(repr, self._args))
        args.extend(f"{k}={v!r}" for k, v in self._kwargs.items())
        return f"operator.methodcaller({', '.join(args)})"


__lt__ = lt
__le__ = le
__eq__ = eq
__ne__ = ne
__ge__ = ge
__gt__ = gt
__not__ = not_
__abs__ = abs
__add__ = add
__and__ = and_
__floordiv__ = floordiv
__index__ = index
__inv__ = inv
__invert__ = invert
__lshift__ = lshift
__mod__ = mod
__mul__ = mul
__matmul__ = matmul
__neg__ = neg
__or__ = or_
__pos__ = pos
__pow__ = pow
__rshift__ = rshift
__sub__ = sub
__truediv__ = truediv
__xor__ = xor
__concat__ = concat
__contains__ = contains
__delitem__ = delitem
__getitem__ = getitem
__setitem__ = setitem
