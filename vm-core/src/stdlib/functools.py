from collections import namedtuple as _namedtuple
import _functools

WRAPPER_ASSIGNMENTS = ("__module__", "__name__", "__qualname__", "__doc__",
                       "__annotations__")
WRAPPER_UPDATES = ("__dict__",)


def update_wrapper(wrapper, wrapped, assigned=WRAPPER_ASSIGNMENTS,
                   updated=WRAPPER_UPDATES):
    for attr in assigned:
        try:
            value = getattr(wrapped, attr)
        except AttributeError:
            pass
        else:
            setattr(wrapper, attr, value)
    for attr in updated:
        try:
            getattr(wrapper, attr).update(getattr(wrapped, attr, {}))
        except AttributeError:
            pass
    wrapper.__wrapped__ = wrapped
    return wrapper


def wraps(wrapped, assigned=WRAPPER_ASSIGNMENTS, updated=WRAPPER_UPDATES):
    return partial(update_wrapper, wrapped=wrapped, assigned=assigned, updated=updated)


_initial_missing = object()


def reduce(function, sequence, initial=_initial_missing):
    it = iter(sequence)
    if initial is _initial_missing:
        try:
            value = next(it)
        except StopIteration:
            raise TypeError("reduce() of empty iterable with no initial value") from None
    else:
        value = initial
    for element in it:
        value = function(value, element)
    return value


@_functools.native_call
class partial:
    # `__call__` is native: func(*args, *call_args, **keywords, **call_keywords).
    __slots__ = ("func", "args", "keywords", "__dict__")

    def __new__(cls, /, *args, **keywords):
        if not args:
            raise TypeError("type 'partial' takes at least one argument")
        func, *args = args
        args = tuple(args)
        if not callable(func):
            raise TypeError("the first argument must be callable")
        if isinstance(func, partial):
            args = func.args + args
            keywords = {**func.keywords, **keywords}
            func = func.func
        self = super().__new__(cls)
        self.func = func
        self.args = args
        self.keywords = keywords
        return self

    def __repr__(self):
        args = [repr(self.func)]
        args.extend(repr(x) for x in self.args)
        args.extend(f"{k}={v!r}" for (k, v) in self.keywords.items())
        # CPython's type name: qualified for `partial` itself only.
        name = "functools.partial" if type(self) is partial else type(self).__name__
        return f"{name}({', '.join(args)})"

    def __get__(self, obj, objtype=None):
        return self


class partialmethod:
    def __init__(self, func, /, *args, **keywords):
        self.func = func
        self.args = args
        self.keywords = keywords

    def __get__(self, obj, cls=None):
        if obj is None:
            return self
        return partial(self.func, obj, *self.args, **self.keywords)


def cmp_to_key(mycmp):
    class K:
        __slots__ = ("obj",)

        def __init__(self, obj):
            self.obj = obj

        def __lt__(self, other):
            return mycmp(self.obj, other.obj) < 0

        def __gt__(self, other):
            return mycmp(self.obj, other.obj) > 0

        def __eq__(self, other):
            return mycmp(self.obj, other.obj) == 0

        def __le__(self, other):
            return mycmp(self.obj, other.obj) <= 0

        def __ge__(self, other):
            return mycmp(self.obj, other.obj) >= 0

        __hash__ = None
    return K


_ORDER_OPS = {
    "__lt__": [("__gt__", lambda s, o: _not_op_and_not_eq(s.__lt__, s, o)),
               ("__le__", lambda s, o: _op_or_eq(s.__lt__, s, o)),
               ("__ge__", lambda s, o: _not_op(s.__lt__, o))],
    "__le__": [("__ge__", lambda s, o: _not_op_or_eq(s.__le__, s, o)),
               ("__lt__", lambda s, o: _op_and_not_eq(s.__le__, s, o)),
               ("__gt__", lambda s, o: _not_op(s.__le__, o))],
    "__gt__": [("__lt__", lambda s, o: _not_op_and_not_eq(s.__gt__, s, o)),
               ("__ge__", lambda s, o: _op_or_eq(s.__gt__, s, o)),
               ("__le__", lambda s, o: _not_op(s.__gt__, o))],
    "__ge__": [("__le__", lambda s, o: _not_op_or_eq(s.__ge__, s, o)),
               ("__gt__", lambda s, o: _op_and_not_eq(s.__ge__, s, o)),
               ("__lt__", lambda s, o: _not_op(s.__ge__, o))],
}


def _not_op(op, other):
    r = op(other)
    return r if r is NotImplemented else not r


def _op_or_eq(op, self, other):
    r = op(other)
    return r if r is NotImplemented else (r or self == other)


def _not_op_and_not_eq(op, self, other):
    r = op(other)
    return r if r is NotImplemented else (not r and self != other)


def _not_op_or_eq(op, self, other):
    r = op(other)
    return r if r is NotImplemented else (not r or self == other)


def _op_and_not_eq(op, self, other):
    r = op(other)
    return r if r is NotImplemented else (r and self != other)


def total_ordering(cls):
    roots = {op for op in _ORDER_OPS
             if getattr(cls, op, None) is not getattr(object, op, None)}
    if not roots:
        raise ValueError("must define at least one ordering operation: < > <= >=")
    root = max(roots)
    for opname, opfunc in _ORDER_OPS[root]:
        if opname not in roots:
            opfunc.__name__ = opname
            setattr(cls, opname, opfunc)
    return cls


_CacheInfo = _namedtuple("CacheInfo", ["hits", "misses", "maxsize", "currsize"])


def _make_key(args, kwds, typed):
    key = args
    if kwds:
        key += (_kwd_mark,)
        for item in kwds.items():
            key += item
    if typed:
        key += tuple(type(v) for v in args)
        if kwds:
            key += tuple(type(v) for v in kwds.values())
    elif len(key) == 1 and type(key[0]) in (int, str):
        return key[0]
    return key


_kwd_mark = object()


def lru_cache(maxsize=128, typed=False):
    if isinstance(maxsize, int):
        if maxsize < 0:
            maxsize = 0
    elif callable(maxsize) and isinstance(typed, bool):
        user_function, maxsize = maxsize, 128
        return _lru_wrapper(user_function, maxsize, typed)
    elif maxsize is not None:
        raise TypeError("Expected first argument to be an integer, a callable, or None")

    def decorating_function(user_function):
        return _lru_wrapper(user_function, maxsize, typed)
    return decorating_function


def _lru_wrapper(user_function, maxsize, typed):
    cache = {}
    stats = [0, 0]
    # The lookup (key, hit count, recency) is native; a miss runs here, so a recursive
    # function recurses in Python frames.
    state = (cache, stats, bool(typed), maxsize is not None, _kwd_mark)
    lookup = _functools.lru_get
    key_of = _functools.lru_key

    if maxsize == 0:
        def wrapper(*args, **kwds):
            stats[1] += 1
            return user_function(*args, **kwds)
    else:
        def wrapper(*args, **kwds):
            result = lookup(state, args, kwds)
            if result is not _kwd_mark:
                return result
            stats[1] += 1
            result = user_function(*args, **kwds)
            cache[key_of(state, args, kwds)] = result
            if maxsize is not None and len(cache) > maxsize:
                del cache[next(iter(cache))]
            return result

    def cache_info():
        return _CacheInfo(stats[0], stats[1], maxsize, len(cache))

    def cache_clear():
        cache.clear()
        stats[0] = stats[1] = 0

    wrapper.cache_info = cache_info
    wrapper.cache_clear = cache_clear
    wrapper.cache_parameters = lambda: {"maxsize": maxsize, "typed": typed}
    return update_wrapper(wrapper, user_function)


def cache(user_function, /):
    return lru_cache(maxsize=None)(user_function)


class cached_property:
    def __init__(self, func):
        self.func = func
        self.attrname = None
        self.__doc__ = func.__doc__

    def __set_name__(self, owner, name):
        if self.attrname is None:
            self.attrname = name
        elif name != self.attrname:
            raise TypeError(
                "Cannot assign the same cached_property to two different names "
                f"({self.attrname!r} and {name!r})."
            )

    def __get__(self, instance, owner=None):
        if instance is None:
            return self
        if self.attrname is None:
            raise TypeError(
                "Cannot use cached_property instance without calling __set_name__ on it.")
        try:
            cache = instance.__dict__
        except AttributeError:
            msg = (f"No '__dict__' attribute on {type(instance).__name__!r} "
                   f"instance to cache {self.attrname!r} property.")
            raise TypeError(msg) from None
        if self.attrname in cache:
            return cache[self.attrname]
        val = self.func(instance)
        cache[self.attrname] = val
        return val


def singledispatch(func):
    registry = {}

    def dispatch(cls):
        for c in cls.__mro__:
            if c in registry:
                return registry[c]
        return func

    def register(cls, func=None):
        if func is None:
            if isinstance(cls, type):
                return lambda f: register(cls, f)
            ann = getattr(cls, "__annotations__", {})
            if not ann:
                raise TypeError(
                    f"Invalid first argument to `register()`: {cls!r}. "
                    "Use either `@register(some_class)` or plain `@register` "
                    "on an annotated function.")
            func = cls
            cls = next(iter(ann.values()))
        registry[cls] = func
        return func

    def wrapper(*args, **kw):
        if not args:
            raise TypeError(f"{funcname} requires at least 1 positional argument")
        return dispatch(args[0].__class__)(*args, **kw)

    funcname = getattr(func, "__name__", "singledispatch function")
    registry[object] = func
    wrapper.register = register
    wrapper.dispatch = dispatch
    wrapper.registry = registry
    update_wrapper(wrapper, func)
    return wrapper
