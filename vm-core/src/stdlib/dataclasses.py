# Data classes: @dataclass turns a class's annotated names into fields and adds the methods
# CPython's module adds. With the compiler, `__init__`, the comparisons and `__hash__` are
# built from source text by exec, as CPython builds them: they run as fast as methods written
# by hand. Images run without the compiler; there the methods are closures over the field
# list that check their arguments themselves and raise CPython's messages.
import sys
import copy

__all__ = ["dataclass", "field", "Field", "FrozenInstanceError", "InitVar", "MISSING",
           "fields", "asdict", "astuple", "replace", "is_dataclass"]


class FrozenInstanceError(AttributeError):
    pass


class _MISSING_TYPE:
    pass


MISSING = _MISSING_TYPE()

try:
    exec("")
    _HAVE_EXEC = True
except NotImplementedError:
    _HAVE_EXEC = False


class _HAS_DEFAULT_FACTORY_CLASS:
    def __repr__(self):
        return "<factory>"


_HAS_DEFAULT_FACTORY = _HAS_DEFAULT_FACTORY_CLASS()

_FIELDS = "__dataclass_fields__"
_PARAMS = "__dataclass_params__"
_POST_INIT = "__post_init__"


class _FieldKind:
    __slots__ = ("name",)

    def __init__(self, name):
        self.name = name

    def __repr__(self):
        return self.name


_FIELD = _FieldKind("_FIELD")
_FIELD_CLASSVAR = _FieldKind("_FIELD_CLASSVAR")
_FIELD_INITVAR = _FieldKind("_FIELD_INITVAR")


class InitVar:
    __slots__ = ("type",)

    def __init__(self, type):
        self.type = type

    def __repr__(self):
        name = getattr(self.type, "__name__", None)
        return "dataclasses.InitVar[%s]" % (name if isinstance(self.type, type) else repr(self.type))

    def __class_getitem__(cls, type):
        return InitVar(type)


class Field:
    __slots__ = ("name", "type", "default", "default_factory", "repr", "hash", "init",
                 "compare", "metadata", "kw_only", "_field_type")

    def __init__(self, default, default_factory, init, repr, hash, compare, metadata):
        self.name = None
        self.type = None
        self.default = default
        self.default_factory = default_factory
        self.init = init
        self.repr = repr
        self.hash = hash
        self.compare = compare
        self.metadata = {} if metadata is None else metadata
        self.kw_only = False
        self._field_type = None

    def __repr__(self):
        return ("Field(name=%r,type=%r,default=%r,default_factory=%r,init=%r,repr=%r,"
                "hash=%r,compare=%r,metadata=%r,kw_only=%r,_field_type=%r)"
                % (self.name, self.type, self.default, self.default_factory, self.init,
                   self.repr, self.hash, self.compare, self.metadata, self.kw_only,
                   self._field_type))


class _DataclassParams:
    __slots__ = ("init", "repr", "eq", "order", "unsafe_hash", "frozen")

    def __init__(self, init, repr, eq, order, unsafe_hash, frozen):
        self.init = init
        self.repr = repr
        self.eq = eq
        self.order = order
        self.unsafe_hash = unsafe_hash
        self.frozen = frozen

    def __repr__(self):
        return ("_DataclassParams(init=%r,repr=%r,eq=%r,order=%r,unsafe_hash=%r,frozen=%r)"
                % (self.init, self.repr, self.eq, self.order, self.unsafe_hash, self.frozen))


def field(*, default=MISSING, default_factory=MISSING, init=True, repr=True, hash=None,
          compare=True, metadata=None):
    if default is not MISSING and default_factory is not MISSING:
        raise ValueError("cannot specify both default and default_factory")
    return Field(default, default_factory, init, repr, hash, compare, metadata)


def _is_classvar(a):
    if isinstance(a, str):
        return a.startswith("ClassVar") or a.startswith("typing.ClassVar")
    typing = sys.modules.get("typing")
    if typing is None:
        return False
    cv = typing.ClassVar
    return a is cv or (type(a) is type(cv) and getattr(a, "_name", None) == "ClassVar")


def _is_initvar(a):
    if isinstance(a, str):
        return a.startswith("InitVar") or a.startswith("dataclasses.InitVar")
    return a is InitVar or type(a) is InitVar


def _get_field(cls, name, a_type):
    default = cls.__dict__.get(name, MISSING)
    if isinstance(default, Field):
        f = default
    else:
        f = field(default=default)
    f.name = name
    f.type = a_type
    f._field_type = _FIELD
    if _is_classvar(a_type):
        f._field_type = _FIELD_CLASSVAR
    elif _is_initvar(a_type):
        f._field_type = _FIELD_INITVAR
    if f._field_type is not _FIELD and f.default_factory is not MISSING:
        raise TypeError("field %s cannot have a default factory" % name)
    if (f._field_type is _FIELD and f.default is not MISSING
            and f.default.__class__.__hash__ is None):
        raise ValueError("mutable default %r for field %s is not allowed: use default_factory"
                         % (type(f.default), name))
    return f


def _plural(names):
    quoted = ["'%s'" % n for n in names]
    if len(quoted) == 1:
        return quoted[0]
    if len(quoted) == 2:
        return quoted[0] + " and " + quoted[1]
    return ", ".join(quoted[:-1]) + ", and " + quoted[-1]


def _bind(qualname, params, args, kwargs):
    """Matches `args` and `kwargs` to `params` (fields and InitVars taking part in
    `__init__`), as a function with these parameters would: a dict of the given values."""
    given = {}
    n = len(params)
    for i, a in enumerate(args[:n]):
        given[params[i].name] = a
    names = [p.name for p in params]
    for k, v in kwargs.items():
        if k not in names:
            raise TypeError("%s() got an unexpected keyword argument '%s'" % (qualname, k))
        if k in given:
            raise TypeError("%s() got multiple values for argument '%s'" % (qualname, k))
        given[k] = v
    if len(args) > n:
        required = sum(1 for p in params if p.default is MISSING and p.default_factory is MISSING)
        if required == n:
            takes = "%d positional argument%s" % (n + 1, "" if n == 0 else "s")
        else:
            takes = "from %d to %d positional arguments" % (required + 1, n + 1)
        raise TypeError("%s() takes %s but %d were given" % (qualname, takes, len(args) + 1))
    missing = [p.name for p in params if p.name not in given
               and p.default is MISSING and p.default_factory is MISSING]
    if missing:
        raise TypeError("%s() missing %d required positional argument%s: %s"
                        % (qualname, len(missing), "" if len(missing) == 1 else "s",
                           _plural(missing)))
    return given


def _create_fn(cls, name, args, body, local_vars):
    """The method `name` of `cls` compiled from source text, as CPython's module makes it:
    `local_vars` become the names the body sees."""
    text = " def %s(%s):\n%s" % (name, ", ".join(args), "\n".join("  " + b for b in body))
    text = "def __create_fn__(%s):\n%s\n return %s" % (", ".join(local_vars), text, name)
    module = sys.modules.get(cls.__module__)
    namespace = {}
    exec(text, module.__dict__ if module is not None else {}, namespace)
    return _named(cls, name, namespace["__create_fn__"](**local_vars))


def _make_init(cls, all_fields, frozen, has_post_init):
    params = [f for f in all_fields if f.init and f._field_type is not _FIELD_CLASSVAR]
    stored = [f for f in all_fields if f._field_type is _FIELD]
    initvars = [f.name for f in params if f._field_type is _FIELD_INITVAR]
    seen_default = False
    for f in params:
        if f.default is not MISSING or f.default_factory is not MISSING:
            seen_default = True
        elif seen_default:
            raise TypeError("non-default argument '%s' follows default argument" % f.name)
    if _HAVE_EXEC:
        return _compiled_init(cls, params, stored, initvars, frozen, has_post_init)
    qualname = cls.__qualname__ + ".__init__"
    store = object.__setattr__ if frozen else setattr

    # `self` is positional-only under another name: a field may be called `self`.
    def __init__(__dataclass_self__, /, *args, **kwargs):
        self = __dataclass_self__
        given = _bind(qualname, params, args, kwargs)
        for f in stored:
            if f.name in given:
                value = given[f.name]
            elif f.default_factory is not MISSING:
                value = f.default_factory()
            elif f.default is not MISSING:
                value = f.default
            else:
                continue
            store(self, f.name, value)
        if has_post_init:
            self.__post_init__(*[given.get(n, _initvar_default(all_fields, n)) for n in initvars])

    return _named(cls, "__init__", __init__)


def _compiled_init(cls, params, stored, initvars, frozen, has_post_init):
    names = [f.name for f in params] + [f.name for f in stored]
    self_name = "__dataclass_self__" if "self" in names else "self"
    local_vars = {"_HAS_DEFAULT_FACTORY": _HAS_DEFAULT_FACTORY,
                  "__dataclass_builtins_object__": object}
    args = [self_name]
    for f in params:
        if f.default is not MISSING:
            local_vars["_dflt_" + f.name] = f.default
            args.append("%s=_dflt_%s" % (f.name, f.name))
        elif f.default_factory is not MISSING:
            args.append("%s=_HAS_DEFAULT_FACTORY" % f.name)
        else:
            args.append(f.name)
    body = []
    for f in stored:
        value = _init_value(f, local_vars)
        if value is None:
            continue
        if frozen:
            body.append("__dataclass_builtins_object__.__setattr__(%s, %r, %s)"
                        % (self_name, f.name, value))
        else:
            body.append("%s.%s = %s" % (self_name, f.name, value))
    if has_post_init:
        body.append("%s.__post_init__(%s)" % (self_name, ", ".join(initvars)))
    return _create_fn(cls, "__init__", args, body or ["pass"], local_vars)


def _init_value(f, local_vars):
    """The expression `__init__` stores in field `f`, or None when it stores nothing."""
    dflt = "_dflt_" + f.name
    if f.default_factory is not MISSING:
        local_vars[dflt] = f.default_factory
        if f.init:
            return "%s() if %s is _HAS_DEFAULT_FACTORY else %s" % (dflt, f.name, f.name)
        return dflt + "()"
    if f.init:
        return f.name
    if f.default is not MISSING:
        local_vars[dflt] = f.default
        return dflt
    return None


def _initvar_default(all_fields, name):
    for f in all_fields:
        if f.name == name:
            return f.default
    return MISSING


def _make_repr(cls, shown):
    active = set()

    def __repr__(self):
        key = id(self)
        if key in active:
            return "..."
        active.add(key)
        try:
            body = ", ".join("%s=%r" % (f.name, getattr(self, f.name)) for f in shown)
        finally:
            active.discard(key)
        return "%s(%s)" % (self.__class__.__qualname__, body)

    return _named(cls, "__repr__", __repr__)


def _values(obj, names):
    return tuple(getattr(obj, n) for n in names)


def _fields_tuple(obj_name, names):
    return "(%s)" % "".join("%s.%s," % (obj_name, n) for n in names)


def _make_compare(cls, name, names, op, symbol):
    if _HAVE_EXEC:
        body = ["if other.__class__ is self.__class__:",
                " return %s %s %s" % (_fields_tuple("self", names), symbol,
                                      _fields_tuple("other", names)),
                "return NotImplemented"]
        return _create_fn(cls, name, ["self", "other"], body, {})

    def compare(self, other):
        if other.__class__ is self.__class__:
            return op(_values(self, names), _values(other, names))
        return NotImplemented

    return _named(cls, name, compare)


def _make_hash(cls, names):
    if _HAVE_EXEC:
        return _create_fn(cls, "__hash__", ["self"],
                          ["return hash(%s)" % _fields_tuple("self", names)], {})

    def __hash__(self):
        return hash(_values(self, names))

    return _named(cls, "__hash__", __hash__)


def _named(cls, name, fn):
    """`fn` named as the method `name` of `cls`, as CPython's generated methods are."""
    fn.__name__ = name
    fn.__qualname__ = cls.__qualname__ + "." + name
    return fn


def _make_frozen_setters(cls, names):
    def guard(self, name, verb):
        if type(self) is cls or name in names:
            raise FrozenInstanceError("cannot %s field '%s'" % (verb, name))

    def __setattr__(self, name, value):
        guard(self, name, "assign to")
        super(cls, self).__setattr__(name, value)

    def __delattr__(self, name):
        guard(self, name, "delete")
        super(cls, self).__delattr__(name)

    return _named(cls, "__setattr__", __setattr__), _named(cls, "__delattr__", __delattr__)


def _set_new_attribute(cls, name, value):
    if name in cls.__dict__:
        return True
    setattr(cls, name, value)
    return False


_ORDER = (
    ("__lt__", lambda a, b: a < b, "<"),
    ("__le__", lambda a, b: a <= b, "<="),
    ("__gt__", lambda a, b: a > b, ">"),
    ("__ge__", lambda a, b: a >= b, ">="),
)


def _collect_fields(cls, frozen):
    """The fields of `cls`: its dataclass bases' first, then its own annotated names."""
    all_fields = {}
    any_frozen_base = False
    has_dataclass_bases = False
    for b in cls.__mro__[-1:0:-1]:
        base_fields = getattr(b, _FIELDS, None)
        if base_fields is not None:
            has_dataclass_bases = True
            for f in base_fields.values():
                all_fields[f.name] = f
            if getattr(b, _PARAMS).frozen:
                any_frozen_base = True
    if has_dataclass_bases:
        if any_frozen_base and not frozen:
            raise TypeError("cannot inherit non-frozen dataclass from a frozen one")
        if not any_frozen_base and frozen:
            raise TypeError("cannot inherit frozen dataclass from a non-frozen one")
    annotations = cls.__dict__.get("__annotations__", {})
    own = [_get_field(cls, name, a_type) for name, a_type in annotations.items()]
    for f in own:
        all_fields[f.name] = f
        # The class attribute is the default (a Field object there would be seen by
        # instances); a field without a default has none.
        if isinstance(cls.__dict__.get(f.name), Field):
            if f.default is MISSING:
                delattr(cls, f.name)
            else:
                setattr(cls, f.name, f.default)
    for name, value in cls.__dict__.items():
        if isinstance(value, Field) and name not in annotations:
            raise TypeError("%r is a field but has no type annotation" % name)
    return all_fields


def _hash_action(cls, unsafe_hash, eq, frozen, hash_fields):
    class_hash = cls.__dict__.get("__hash__", MISSING)
    has_explicit_hash = not (class_hash is MISSING
                             or (class_hash is None and "__eq__" in cls.__dict__))
    if unsafe_hash:
        if has_explicit_hash:
            raise TypeError("Cannot overwrite attribute __hash__ in class %s" % cls.__name__)
        cls.__hash__ = _make_hash(cls, hash_fields)
    elif eq and frozen:
        if not has_explicit_hash:
            cls.__hash__ = _make_hash(cls, hash_fields)
    elif eq:
        if not has_explicit_hash:
            cls.__hash__ = None


def _process_class(cls, init, repr, eq, order, unsafe_hash, frozen):
    if order and not eq:
        raise ValueError("eq must be true if order is true")
    all_fields = _collect_fields(cls, frozen)
    setattr(cls, _FIELDS, all_fields)
    setattr(cls, _PARAMS, _DataclassParams(init, repr, eq, order, unsafe_hash, frozen))
    field_list = [f for f in all_fields.values() if f._field_type is _FIELD]
    if init:
        has_post_init = hasattr(cls, _POST_INIT)
        _set_new_attribute(cls, "__init__",
                           _make_init(cls, list(all_fields.values()), frozen, has_post_init))
    if repr:
        _set_new_attribute(cls, "__repr__", _make_repr(cls, [f for f in field_list if f.repr]))
    compared = [f.name for f in field_list if f.compare]
    if eq:
        _set_new_attribute(cls, "__eq__", _make_compare(cls, "__eq__", compared,
                                                        lambda a, b: a == b, "=="))
    if order:
        for name, op, symbol in _ORDER:
            if _set_new_attribute(cls, name, _make_compare(cls, name, compared, op, symbol)):
                raise TypeError("Cannot overwrite attribute %s in class %s. Consider using "
                                "functools.total_ordering" % (name, cls.__name__))
    if frozen:
        names = tuple(f.name for f in field_list)
        setter, deleter = _make_frozen_setters(cls, names)
        for name, fn in (("__setattr__", setter), ("__delattr__", deleter)):
            if _set_new_attribute(cls, name, fn):
                raise TypeError("Cannot overwrite attribute %s in class %s"
                                % (name, cls.__name__))
    hashed = [f.name for f in field_list if (f.compare if f.hash is None else f.hash)]
    _hash_action(cls, unsafe_hash, eq, frozen, hashed)
    if "__match_args__" not in cls.__dict__:
        cls.__match_args__ = tuple(f.name for f in all_fields.values()
                                   if f.init and f._field_type is _FIELD)
    return cls


def dataclass(cls=None, /, *, init=True, repr=True, eq=True, order=False, unsafe_hash=False,
              frozen=False):
    def wrap(cls):
        return _process_class(cls, init, repr, eq, order, unsafe_hash, frozen)

    if cls is None:
        return wrap
    return wrap(cls)


def fields(class_or_instance):
    try:
        fs = getattr(class_or_instance, _FIELDS)
    except AttributeError:
        raise TypeError("must be called with a dataclass type or instance") from None
    return tuple(f for f in fs.values() if f._field_type is _FIELD)


def _is_dataclass_instance(obj):
    return hasattr(type(obj), _FIELDS)


def is_dataclass(obj):
    cls = obj if isinstance(obj, type) else type(obj)
    return hasattr(cls, _FIELDS)


def asdict(obj, *, dict_factory=dict):
    if not _is_dataclass_instance(obj):
        raise TypeError("asdict() should be called on dataclass instances")
    return _asdict_inner(obj, dict_factory)


def _asdict_inner(obj, dict_factory):
    if _is_dataclass_instance(obj):
        return dict_factory([(f.name, _asdict_inner(getattr(obj, f.name), dict_factory))
                             for f in fields(obj)])
    if isinstance(obj, tuple) and hasattr(obj, "_fields"):
        return type(obj)(*[_asdict_inner(v, dict_factory) for v in obj])
    if isinstance(obj, (list, tuple)):
        return type(obj)(_asdict_inner(v, dict_factory) for v in obj)
    if isinstance(obj, dict):
        return type(obj)((_asdict_inner(k, dict_factory), _asdict_inner(v, dict_factory))
                         for k, v in obj.items())
    return copy.deepcopy(obj)


def astuple(obj, *, tuple_factory=tuple):
    if not _is_dataclass_instance(obj):
        raise TypeError("astuple() should be called on dataclass instances")
    return _astuple_inner(obj, tuple_factory)


def _astuple_inner(obj, tuple_factory):
    if _is_dataclass_instance(obj):
        return tuple_factory([_astuple_inner(getattr(obj, f.name), tuple_factory)
                              for f in fields(obj)])
    if isinstance(obj, tuple) and hasattr(obj, "_fields"):
        return type(obj)(*[_astuple_inner(v, tuple_factory) for v in obj])
    if isinstance(obj, (list, tuple)):
        return type(obj)(_astuple_inner(v, tuple_factory) for v in obj)
    if isinstance(obj, dict):
        return type(obj)((_astuple_inner(k, tuple_factory), _astuple_inner(v, tuple_factory))
                         for k, v in obj.items())
    return copy.deepcopy(obj)


def replace(obj, /, **changes):
    if not _is_dataclass_instance(obj):
        raise TypeError("replace() should be called on dataclass instances")
    for f in getattr(obj, _FIELDS).values():
        if f._field_type is _FIELD_CLASSVAR:
            continue
        if not f.init:
            if f.name in changes:
                raise ValueError("field %s is declared with init=False, it cannot be "
                                 "specified with replace()" % f.name)
            continue
        if f.name not in changes:
            if f._field_type is _FIELD_INITVAR and f.default is MISSING:
                raise ValueError("InitVar %r must be specified with replace()" % f.name)
            changes[f.name] = getattr(obj, f.name)
    return obj.__class__(**changes)
