import sys as _sys
from keyword import iskeyword as _iskeyword
from operator import itemgetter as _itemgetter

__all__ = ["ChainMap", "Counter", "OrderedDict", "defaultdict", "deque",
           "namedtuple"]


def _getter(i):
    # A native getter: reading a field runs no Python frame.
    return property(_itemgetter(i), doc=f"Alias for field number {i}")


def _names_list(names):
    quoted = [repr(n) for n in names]
    if len(quoted) == 1:
        return quoted[0]
    if len(quoted) == 2:
        return f"{quoted[0]} and {quoted[1]}"
    return ", ".join(quoted[:-1]) + ", and " + quoted[-1]


def _new_by_hand(typename, fields, defaults):
    """A namedtuple's `__new__(_cls, <fields>)` without exec: the generated function's
    argument binding and error messages."""
    nf = len(fields)
    tuple_new = tuple.__new__
    fn = f"{typename}.__new__()"

    def __new__(_cls, *args, **kwargs):
        if len(args) > nf:
            takes = nf + 1
            if defaults:
                takes = f"from {takes - len(defaults)} to {takes}"
            raise TypeError(f"{fn} takes {takes} positional arguments but "
                            f"{len(args) + 1} were given")
        for k in kwargs:
            if k not in fields:
                raise TypeError(f"{fn} got an unexpected keyword argument {k!r}")
            if fields.index(k) < len(args):
                raise TypeError(f"{fn} got multiple values for argument {k!r}")
        rest = fields[len(args):]
        missing = [n for n in rest if n not in kwargs and n not in defaults]
        if missing:
            s = "s" if len(missing) > 1 else ""
            raise TypeError(f"{fn} missing {len(missing)} required positional "
                            f"argument{s}: {_names_list(missing)}")
        values = list(args)
        for n in rest:
            values.append(kwargs[n] if n in kwargs else defaults[n])
        return tuple_new(_cls, values)

    return __new__


def namedtuple(typename, field_names, *, rename=False, defaults=None, module=None):
    if isinstance(field_names, str):
        field_names = field_names.replace(",", " ").split()
    field_names = list(map(str, field_names))
    typename = str(typename)
    if rename:
        seen = set()
        for i, n in enumerate(field_names):
            if (not n.isidentifier() or _iskeyword(n) or n.startswith("_")
                    or n in seen):
                field_names[i] = f"_{i}"
            seen.add(n)
    for n in [typename] + field_names:
        if not n.isidentifier():
            raise ValueError("Type names and field names must be valid "
                             f"identifiers: {n!r}")
        if _iskeyword(n):
            raise ValueError("Type names and field names cannot be a "
                             f"keyword: {n!r}")
    seen = set()
    for n in field_names:
        if n.startswith("_") and not rename:
            raise ValueError(f"Field names cannot start with an underscore: {n!r}")
        if n in seen:
            raise ValueError(f"Encountered duplicate field name: {n!r}")
        seen.add(n)
    field_defaults = {}
    nf = len(field_names)
    if defaults is not None:
        defaults = tuple(defaults)
        if len(defaults) > nf:
            raise TypeError("Got more default values than field names")
        field_defaults = dict(zip(field_names[nf - len(defaults):], defaults))
    args = ", ".join(field_names)
    params = ", ".join(
        f"{n}=_d[{n!r}]" if n in field_defaults else n for n in field_names)
    ns = {"_tn": tuple.__new__, "_d": field_defaults}
    comma = "," if nf == 1 else ""
    try:
        exec(f"def __new__(_cls, {params}):\n return _tn(_cls, ({args}{comma}))", ns)
        __new__ = ns["__new__"]
    except NotImplementedError:
        # A build without the compiler runs no exec: bind the arguments by hand.
        __new__ = _new_by_hand(typename, tuple(field_names), field_defaults)
    __new__.__qualname__ = f"{typename}.__new__"
    __new__.__doc__ = f"Create new instance of {typename}({args})"
    fields = tuple(field_names)
    repr_fmt = "(" + ", ".join(f"{n}=%r" for n in fields) + ")"
    tuple_new = tuple.__new__

    @classmethod
    def _make(cls, iterable):
        result = tuple_new(cls, iterable)
        if len(result) != nf:
            raise TypeError(f"Expected {nf} arguments, got {len(result)}")
        return result

    def _replace(self, /, **kwds):
        result = self._make(map(kwds.pop, fields, self))
        if kwds:
            raise ValueError(f"Got unexpected field names: {list(kwds)!r}")
        return result

    def __repr__(self):
        return self.__class__.__name__ + repr_fmt % self

    def _asdict(self):
        return dict(zip(self._fields, self))

    def __getnewargs__(self):
        return tuple(self)

    ns = {
        "__doc__": f"{typename}({args})",
        "__slots__": (),
        "_fields": fields,
        "_field_defaults": field_defaults,
        "__new__": __new__,
        "_make": _make,
        "_replace": _replace,
        "__repr__": __repr__,
        "_asdict": _asdict,
        "__getnewargs__": __getnewargs__,
        "__match_args__": fields,
    }
    for i, n in enumerate(fields):
        ns[n] = _getter(i)
    for f in (_replace, __repr__, _asdict, __getnewargs__):
        f.__qualname__ = f"{typename}.{f.__name__}"
    result = type(typename, (tuple,), ns)
    if module is None:
        try:
            module = _sys._getframe(1).f_globals.get("__name__", "__main__")
        except (AttributeError, ValueError):
            pass
    if module is not None:
        result.__module__ = module
    return result



class deque:
    __slots__ = ("_d", "_maxlen")
    __hash__ = None

    def __init__(self, iterable=(), maxlen=None):
        if maxlen is not None:
            if not isinstance(maxlen, int):
                raise TypeError("an integer is required")
            if maxlen < 0:
                raise ValueError("maxlen must be non-negative")
        self._maxlen = maxlen
        self._d = []
        self.extend(iterable)

    @property
    def maxlen(self):
        return self._maxlen

    def _trim_left(self):
        m = self._maxlen
        if m is not None and len(self._d) > m:
            del self._d[:len(self._d) - m]

    def append(self, x):
        self._d.append(x)
        self._trim_left()

    def appendleft(self, x):
        self._d.insert(0, x)
        m = self._maxlen
        if m is not None and len(self._d) > m:
            del self._d[m:]

    def pop(self):
        if not self._d:
            raise IndexError("pop from an empty deque")
        return self._d.pop()

    def popleft(self):
        if not self._d:
            raise IndexError("pop from an empty deque")
        return self._d.pop(0)

    def extend(self, iterable):
        if iterable is self:
            iterable = list(iterable)
        for x in iterable:
            self.append(x)

    def extendleft(self, iterable):
        if iterable is self:
            iterable = list(iterable)
        for x in iterable:
            self.appendleft(x)

    def rotate(self, n=1):
        d = self._d
        if len(d) > 1:
            n %= len(d)
            if n:
                d[:] = d[-n:] + d[:-n]

    def clear(self):
        self._d.clear()

    def copy(self):
        return self.__class__(self, self._maxlen)

    __copy__ = copy

    def count(self, x):
        return self._d.count(x)

    def index(self, x, start=0, stop=None):
        d = self._d
        if stop is None:
            stop = len(d)
        for i in range(*slice(start, stop).indices(len(d))):
            if d[i] is x or d[i] == x:
                return i
        raise ValueError(f"{x!r} is not in deque")

    def insert(self, i, x):
        if self._maxlen is not None and len(self._d) >= self._maxlen:
            raise IndexError("deque already at its maximum size")
        self._d.insert(i, x)

    def remove(self, value):
        try:
            self._d.remove(value)
        except ValueError:
            raise ValueError(f"{value!r} is not in deque") from None

    def reverse(self):
        self._d.reverse()

    def _index(self, i):
        if not hasattr(i, "__index__"):
            raise TypeError(f"sequence index must be integer, not '{type(i).__name__}'")
        i = i.__index__()
        n = len(self._d)
        if i < 0:
            i += n
        if not 0 <= i < n:
            raise IndexError("deque index out of range")
        return i

    def __getitem__(self, i):
        return self._d[self._index(i)]

    def __setitem__(self, i, x):
        self._d[self._index(i)] = x

    def __delitem__(self, i):
        del self._d[self._index(i)]

    def __len__(self):
        return len(self._d)

    def __bool__(self):
        return bool(self._d)

    def __iter__(self):
        return iter(self._d)

    def __reversed__(self):
        return reversed(self._d)

    def __contains__(self, x):
        return x in self._d

    def __repr__(self):
        if self._maxlen is None:
            return f"{type(self).__name__}({self._d!r})"
        return f"{type(self).__name__}({self._d!r}, maxlen={self._maxlen})"

    def _cmp(self, other, op):
        if not isinstance(other, deque):
            return NotImplemented
        return op(self._d, other._d)

    def __eq__(self, other):
        return self._cmp(other, list.__eq__)

    def __ne__(self, other):
        return self._cmp(other, list.__ne__)

    def __lt__(self, other):
        return self._cmp(other, list.__lt__)

    def __le__(self, other):
        return self._cmp(other, list.__le__)

    def __gt__(self, other):
        return self._cmp(other, list.__gt__)

    def __ge__(self, other):
        return self._cmp(other, list.__ge__)

    def __add__(self, other):
        if not isinstance(other, deque):
            raise TypeError("can only concatenate deque (not "
                            f'"{type(other).__name__}") to deque')
        r = self.copy()
        r.extend(other)
        return r

    def __iadd__(self, other):
        self.extend(other)
        return self

    def __mul__(self, n):
        r = self.__class__((), self._maxlen)
        r.extend(self._d * n)
        return r

    __rmul__ = __mul__

    def __imul__(self, n):
        d = self._d * n
        self._d = []
        self.extend(d)
        return self

    def __class_getitem__(cls, item):
        return cls


class OrderedDict(dict):
    def __repr__(self):
        if not self:
            return f"{self.__class__.__name__}()"
        return f"{self.__class__.__name__}({list(self.items())!r})"

    def move_to_end(self, key, last=True):
        value = dict.pop(self, key)
        if last:
            dict.__setitem__(self, key, value)
        else:
            rest = list(dict.items(self))
            dict.clear(self)
            dict.__setitem__(self, key, value)
            for k, v in rest:
                dict.__setitem__(self, k, v)

    def popitem(self, last=True):
        if not self:
            raise KeyError("dictionary is empty")
        key = next(reversed(self)) if last else next(iter(self))
        return key, dict.pop(self, key)

    def __eq__(self, other):
        if isinstance(other, OrderedDict):
            return dict.__eq__(self, other) and list(self) == list(other)
        return dict.__eq__(self, other)

    def __ne__(self, other):
        r = self.__eq__(other)
        return r if r is NotImplemented else not r

    __hash__ = None

    def copy(self):
        return self.__class__(self)

    __copy__ = copy

    @classmethod
    def fromkeys(cls, iterable, value=None):
        self = cls()
        for k in iterable:
            self[k] = value
        return self

    def __or__(self, other):
        if not isinstance(other, dict):
            return NotImplemented
        r = self.__class__(self)
        r.update(other)
        return r

    def __ror__(self, other):
        if not isinstance(other, dict):
            return NotImplemented
        r = self.__class__(other)
        r.update(self)
        return r

    def __ior__(self, other):
        self.update(other)
        return self


class defaultdict(dict):
    def __init__(self, default_factory=None, /, *args, **kwargs):
        if default_factory is not None and not callable(default_factory):
            raise TypeError("first argument must be callable or None")
        self.default_factory = default_factory
        dict.__init__(self, *args, **kwargs)

    def __missing__(self, key):
        if self.default_factory is None:
            raise KeyError(key)
        self[key] = value = self.default_factory()
        return value

    def __repr__(self):
        f = self.default_factory
        return f"{self.__class__.__name__}({f!r}, {dict(self)!r})"

    def copy(self):
        return self.__class__(self.default_factory, self)

    __copy__ = copy

    def __or__(self, other):
        if not isinstance(other, dict):
            return NotImplemented
        r = self.copy()
        r.update(other)
        return r

    def __ror__(self, other):
        if not isinstance(other, dict):
            return NotImplemented
        r = self.__class__(self.default_factory, other)
        r.update(self)
        return r

    def __ior__(self, other):
        self.update(other)
        return self


from collections._counter import Counter
from collections._chainmap import ChainMap
