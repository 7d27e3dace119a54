class Error(Exception):
    pass


error = Error

_atomic = (type(None), int, float, bool, complex, str, bytes, type, range,
           type(len), type(lambda: 0), type(Ellipsis), type(NotImplemented), property)


def copy(x):
    cls = type(x)
    if cls in _atomic or issubclass(cls, type):
        return x
    if cls in (list, dict, set, bytearray):
        return cls.copy(x)
    if cls in (tuple, frozenset):
        return x
    copier = getattr(cls, "__copy__", None)
    if copier is not None:
        return copier(x)
    return _reconstruct(x, None)


def deepcopy(x, memo=None, _nil=[]):
    if memo is None:
        memo = {}
    d = id(x)
    y = memo.get(d, _nil)
    if y is not _nil:
        return y
    cls = type(x)
    if cls in _atomic or issubclass(cls, type):
        y = x
    elif cls is list:
        y = []
        memo[d] = y
        for a in x:
            y.append(deepcopy(a, memo))
    elif cls is tuple:
        y = tuple(deepcopy(a, memo) for a in x)
        if d in memo:
            return memo[d]
        if all(a is b for a, b in zip(x, y)):
            y = x
    elif cls is dict:
        y = {}
        memo[d] = y
        for key, value in x.items():
            y[deepcopy(key, memo)] = deepcopy(value, memo)
    elif cls in (set, frozenset):
        y = cls(deepcopy(a, memo) for a in x)
    elif cls is bytearray:
        y = bytearray(x)
    else:
        copier = getattr(x, "__deepcopy__", None)
        if copier is not None:
            y = copier(memo)
        else:
            y = _reconstruct(x, memo)
    if y is not x:
        memo[d] = y
        _keep_alive(x, memo)
    return y


def _keep_alive(x, memo):
    try:
        memo[id(memo)].append(x)
    except KeyError:
        memo[id(memo)] = [x]


def _reconstruct(x, memo):
    cls = type(x)
    deep = memo is not None
    if isinstance(x, BaseException):
        y = cls.__new__(cls, *x.args)
    elif isinstance(x, (list, dict, set, tuple)):
        base = next(b for b in cls.__mro__ if b in (list, dict, set, tuple))
        if base is tuple:
            items = tuple(deepcopy(a, memo) for a in x) if deep else tuple(x)
            y = cls.__new__(cls, items) if cls.__new__ is tuple.__new__ else cls(*items)
        else:
            y = cls.__new__(cls)
    else:
        y = cls.__new__(cls)
    if deep:
        memo[id(x)] = y
    state = getattr(x, "__dict__", None)
    if hasattr(x, "__getstate__") and type(x).__getstate__ is not getattr(object, "__getstate__", None):
        state = x.__getstate__()
    if state:
        if deep:
            state = deepcopy(state, memo)
        if hasattr(y, "__setstate__"):
            y.__setstate__(state)
        else:
            y.__dict__.update(state)
    for s in _slot_names(cls):
        if hasattr(x, s):
            v = getattr(x, s)
            setattr(y, s, deepcopy(v, memo) if deep else v)
    if isinstance(x, list):
        y.extend(deepcopy(a, memo) for a in x) if deep else y.extend(x)
    elif isinstance(x, dict):
        for k, v in x.items():
            y[deepcopy(k, memo) if deep else k] = deepcopy(v, memo) if deep else v
    elif isinstance(x, set):
        y.update(deepcopy(a, memo) for a in x) if deep else y.update(x)
    return y


def _slot_names(cls):
    names = []
    for c in cls.__mro__:
        s = c.__dict__.get("__slots__", ())
        if isinstance(s, str):
            s = (s,)
        names.extend(n for n in s if n not in ("__dict__", "__weakref__"))
    return names
