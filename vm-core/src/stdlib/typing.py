import collections.abc as _abc
from abc import abstractmethod as _abstractmethod

TYPE_CHECKING = False


class _Special:
    __slots__ = ("_name", "_args")

    def __init__(self, name, args=()):
        self._name = name
        self._args = args

    def __getitem__(self, params):
        if not isinstance(params, tuple):
            params = (params,)
        return _Special(self._name, params)

    def __call__(self, *args, **kwargs):
        raise TypeError(f"Cannot instantiate {self!r}")

    def __repr__(self):
        if not self._args:
            return f"typing.{self._name}"
        return f"typing.{self._name}[{', '.join(map(_type_repr, self._args))}]"

    def __eq__(self, other):
        if not isinstance(other, _Special):
            return NotImplemented
        return self._name == other._name and self._args == other._args

    def __hash__(self):
        return hash((self._name, self._args))

    def __or__(self, other):
        return Union[self, other]

    def __ror__(self, other):
        return Union[other, self]

    def __mro_entries__(self, bases):
        return (_ORIGINS.get(self._name, Generic),)


def _type_repr(obj):
    if isinstance(obj, type):
        if obj.__module__ == "builtins":
            return obj.__qualname__
        return f"{obj.__module__}.{obj.__qualname__}"
    if obj is ...:
        return "..."
    return repr(obj)


_ORIGINS = {}
for _n in ("Any", "Union", "Optional", "Callable", "ClassVar", "Final", "Literal",
           "Tuple", "List", "Dict", "Set", "FrozenSet", "Type", "Iterable", "Iterator",
           "Generator", "Sequence", "MutableSequence", "Mapping", "MutableMapping",
           "Awaitable", "Coroutine", "AsyncIterator", "AsyncIterable", "Hashable",
           "Sized", "Container", "Collection", "Reversible", "AbstractSet", "MutableSet",
           "DefaultDict", "OrderedDict", "Counter", "Deque", "ChainMap", "NoReturn",
           "Never", "Self", "LiteralString", "Annotated", "TypeAlias", "Concatenate",
           "TypeGuard", "Required", "NotRequired", "Unpack"):
    globals()[_n] = _Special(_n)
del _n
_ORIGINS.update(List=list, Dict=dict, Set=set, FrozenSet=frozenset, Tuple=tuple,
                Type=type, Iterable=_abc.Iterable, Iterator=_abc.Iterator,
                Sequence=_abc.Sequence, Mapping=_abc.Mapping,
                MutableMapping=_abc.MutableMapping, MutableSequence=_abc.MutableSequence)
Text = str
AnyStr = None


class TypeVar:
    def __init__(self, name, *constraints, bound=None, covariant=False,
                 contravariant=False):
        self.__name__ = name
        self.__constraints__ = constraints
        self.__bound__ = bound
        self.__covariant__ = covariant
        self.__contravariant__ = contravariant

    def __repr__(self):
        prefix = "+" if self.__covariant__ else "-" if self.__contravariant__ else "~"
        return prefix + self.__name__

    def __or__(self, other):
        return Union[self, other]


class ParamSpec(TypeVar):
    args = kwargs = object()


class TypeVarTuple(TypeVar):
    pass


AnyStr = TypeVar("AnyStr", bytes, str)


class Generic:
    __slots__ = ()

    def __class_getitem__(cls, params):
        return cls


class Protocol(Generic):
    __slots__ = ()


def _identity_decorator(f):
    return f


final = _identity_decorator
no_type_check = _identity_decorator
runtime_checkable = _identity_decorator


def overload(func):
    def _overload_dummy(*args, **kwds):
        raise NotImplementedError(
            "You should not call an overloaded function. "
            "A series of @overload-decorated functions "
            "outside a stub module should always be followed "
            "by an implementation that is not @overload-ed.")
    return _overload_dummy


def cast(typ, val):
    return val


def assert_type(val, typ, /):
    return val


def reveal_type(obj, /):
    return obj


def get_type_hints(obj, globalns=None, localns=None, include_extras=False):
    return dict(getattr(obj, "__annotations__", {}))


def NewType(name, tp):
    def new_type(x):
        return x
    new_type.__name__ = name
    new_type.__supertype__ = tp
    return new_type


def NamedTuple(typename, fields=None, /, **kwargs):
    from collections import namedtuple
    if fields is None:
        fields = kwargs.items()
    return namedtuple(typename, [n for n, t in fields])


def TypedDict(typename, fields=None, /, *, total=True, **kwargs):
    return dict
