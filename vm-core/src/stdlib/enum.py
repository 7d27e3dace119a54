class auto:
    _next = None

    def __init__(self, value=None):
        self.value = value

    def __repr__(self):
        return "auto(...)"


def _function():
    pass


# The builtin descriptor types are named too: they lack a visible `__get__` here.
_DESCRIPTOR_TYPES = (type(_function), property, classmethod, staticmethod)


def _is_descriptor(obj):
    return (isinstance(obj, _DESCRIPTOR_TYPES) or hasattr(obj, "__get__") or hasattr(obj, "__set__")
            or hasattr(obj, "__delete__"))


def _is_dunder(name):
    return len(name) > 4 and name[:2] == name[-2:] == "__" and name[2] != "_"


def _is_sunder(name):
    return len(name) > 2 and name[0] == name[-1] == "_" and name[1] != "_"


class _EnumDict(dict):
    def __init__(self, gen):
        super().__init__()
        self._member_names = []
        self._last_values = []
        self._gen = gen

    def __setitem__(self, key, value):
        if key == "_generate_next_value_":
            self._gen = value
        elif _is_dunder(key) or _is_sunder(key):
            pass
        elif key in self._member_names:
            raise TypeError(f"{key!r} already defined as {self[key]!r}")
        elif not _is_descriptor(value):
            if key in self:
                raise TypeError(f"{key!r} already defined as {self[key]!r}")
            if isinstance(value, auto):
                if value.value is None:
                    gen = self._gen
                    gen = getattr(gen, "__func__", gen)
                    value.value = gen(key, 1, len(self._member_names),
                                      self._last_values[:])
                value = value.value
            self._member_names.append(key)
            self._last_values.append(value)
        super().__setitem__(key, value)


class EnumType(type):
    @classmethod
    def __prepare__(metacls, cls, bases, **kwds):
        gen = None
        for base in bases:
            for b in base.__mro__:
                gen = b.__dict__.get("_generate_next_value_")
                if gen is not None:
                    break
            if gen is not None:
                break
        return _EnumDict(gen)

    def __new__(metacls, cls, bases, classdict, **kwds):
        for base in bases:
            if isinstance(base, EnumType) and base._member_names_:
                raise TypeError(f"<enum {cls!r}> cannot extend {base!r}")
        names = list(getattr(classdict, "_member_names", ()))
        values = {}
        plain = {}
        for k, v in classdict.items():
            if k in names:
                values[k] = v
            else:
                plain[k] = v
        enum_class = super().__new__(metacls, cls, bases, plain, **kwds)
        enum_class._member_names_ = []
        enum_class._member_map_ = {}
        enum_class._value2member_map_ = {}
        mixin = next((b for b in enum_class.__mro__[1:]
                      if b is not object and not isinstance(b, EnumType)), object)
        enum_class._member_type_ = mixin
        # The enum's own methods win over the data type's, which comes first in the MRO.
        for meth in ("__repr__", "__str__", "__format__"):
            if meth not in plain:
                for b in enum_class.__mro__[1:]:
                    if isinstance(b, EnumType) and meth in b.__dict__:
                        type.__setattr__(enum_class, meth, b.__dict__[meth])
                        break
        for name in names:
            enum_class._add_member(name, values[name], mixin)
        return enum_class

    def _add_member(cls, name, value, mixin):
        args = value if isinstance(value, tuple) else (value,)
        if mixin is object:
            member = object.__new__(cls)
            member._value_ = value
        else:
            member = mixin.__new__(cls, *args)
            member._value_ = mixin(*args) if mixin is not tuple else args
        member._name_ = name
        member.__init__(*args)
        v = member._value_
        for existing in cls._member_map_.values():
            if existing._value_ == v:
                member = existing
                break
        else:
            cls._member_names_.append(name)
            try:
                cls._value2member_map_.setdefault(v, member)
            except TypeError:
                pass
        cls._member_map_[name] = member
        type.__setattr__(cls, name, member)

    def __call__(cls, value, names=None, *, module=None, qualname=None, type=None,
                 start=1):
        if names is None:
            return cls.__new_member_lookup__(value)
        return cls._create_(value, names, module=module, type=type, start=start)

    def __new_member_lookup__(cls, value):
        if isinstance(value, cls):
            return value
        try:
            return cls._value2member_map_[value]
        except (KeyError, TypeError):
            pass
        for m in cls._member_map_.values():
            if m._value_ == value:
                return m
        result = cls._missing_(value)
        if isinstance(result, cls):
            return result
        raise ValueError(f"{value!r} is not a valid {cls.__qualname__}")

    def _create_(cls, class_name, names, *, module=None, type=None, start=1):
        bases = (cls,) if type is None else (type, cls)
        classdict = EnumType.__prepare__(class_name, bases)
        if isinstance(names, str):
            names = names.replace(",", " ").split()
        if isinstance(names, (tuple, list)) and names and isinstance(names[0], str):
            names = [(n, start + i) for i, n in enumerate(names)]
        elif isinstance(names, dict):
            names = names.items()
        for item in names:
            classdict[item[0]] = item[1]
        return EnumType.__new__(EnumType, class_name, bases, classdict)

    def __getitem__(cls, name):
        return cls._member_map_[name]

    def __iter__(cls):
        return (cls._member_map_[n] for n in cls._member_names_)

    def __reversed__(cls):
        return (cls._member_map_[n] for n in reversed(cls._member_names_))

    def __len__(cls):
        return len(cls._member_names_)

    def __contains__(cls, member):
        return isinstance(member, cls) and member._name_ in cls._member_map_

    def __bool__(cls):
        return True

    @property
    def __members__(cls):
        return dict(cls._member_map_)

    def __repr__(cls):
        return f"<enum {cls.__name__!r}>"

    def __setattr__(cls, name, value):
        if name in cls.__dict__.get("_member_map_", {}):
            raise AttributeError(f"cannot reassign member {name!r}")
        super().__setattr__(name, value)

    def __delattr__(cls, name):
        if name in cls.__dict__.get("_member_map_", {}):
            raise AttributeError(f"{cls.__name__!r} cannot delete member {name!r}")
        super().__delattr__(name)


EnumMeta = EnumType


class Enum(metaclass=EnumType):
    def _generate_next_value_(name, start, count, last_values):
        for v in reversed(last_values):
            try:
                return v + 1
            except TypeError:
                pass
        return start

    @classmethod
    def _missing_(cls, value):
        return None

    def __init__(self, *args, **kwds):
        pass

    @property
    def name(self):
        return self._name_

    @property
    def value(self):
        return self._value_

    def __repr__(self):
        v = self._member_type_.__repr__(self._value_) if self._member_type_ is not object \
            else repr(self._value_)
        return f"<{self.__class__.__name__}.{self._name_}: {v}>"

    def __str__(self):
        return f"{self.__class__.__name__}.{self._name_}"

    def __format__(self, spec):
        return format(str(self), spec)

    def __hash__(self):
        return hash(self._name_)

    def __reduce_ex__(self, proto):
        return self.__class__, (self._value_,)

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self


class ReprEnum(Enum):
    def __str__(self):
        return str(self._value_)

    def __format__(self, spec):
        return format(self._value_, spec)


class IntEnum(int, ReprEnum):
    pass


class StrEnum(str, ReprEnum):
    def _generate_next_value_(name, start, count, last_values):
        return name.lower()


def unique(enumeration):
    duplicates = [(name, m.name) for name, m in enumeration.__members__.items()
                  if name != m.name]
    if duplicates:
        alias_details = ", ".join(f"{a} -> {n}" for a, n in duplicates)
        raise ValueError(f"duplicate values found in {enumeration!r}: {alias_details}")
    return enumeration
