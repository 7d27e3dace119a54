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

    def __new__(metacls, cls, bases, classdict, *, boundary=None, **kwds):
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
        # The enum's own methods win over the data type's, which comes first in the MRO;
        # a `ReprEnum` shows its value as the data type does.
        own = set(plain)
        if ReprEnum is not None and ReprEnum in bases:
            for meth in ("__str__", "__format__"):
                if meth not in own:
                    type.__setattr__(enum_class, meth, ReprEnum.__dict__[meth])
                    own.add(meth)
        first_enum = bases[-1] if bases and isinstance(bases[-1], EnumType) else None
        for meth in ("__repr__", "__str__", "__format__"):
            if first_enum is not None and meth not in own:
                found = getattr(enum_class, meth)
                if found is getattr(mixin, meth) or found is getattr(object, meth):
                    type.__setattr__(enum_class, meth, getattr(first_enum, meth))
        if boundary is not None:
            enum_class._boundary_ = boundary
        for name in names:
            enum_class._add_member(name, values[name], mixin)
        if Flag is not None and issubclass(enum_class, Flag):
            _setup_flag(enum_class, plain)
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
        if result is not None and getattr(cls, "_boundary_", None) == "eject":
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
        if Flag is not None and issubclass(cls, Flag):
            return f"<flag {cls.__name__!r}>"
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
# Bound once the classes exist: the classes made before them are none of them.
ReprEnum = Flag = None


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


class FlagBoundary(StrEnum):
    STRICT = auto()
    CONFORM = auto()
    EJECT = auto()
    KEEP = auto()


STRICT, CONFORM, EJECT, KEEP = FlagBoundary


def _is_single_bit(num):
    return num != 0 and num & (num - 1) == 0


def _bin(num, max_bits=None):
    """The two's complement digits of `num`, as the invalid-value message shows them."""
    ceiling = 2 ** num.bit_length()
    if num >= 0:
        s = bin(num + ceiling).replace("1", "0", 1)
    else:
        s = bin(~num ^ (ceiling - 1) + ceiling)
    sign, digits = s[:3], s[3:]
    if max_bits is not None and len(digits) < max_bits:
        digits = (sign[-1] * max_bits + digits)[-max_bits:]
    return f"{sign} {digits}"


_FLAG_OPERATORS = ("__or__", "__and__", "__xor__", "__ror__", "__rand__", "__rxor__",
                   "__invert__")


def _setup_flag(cls, classdict):
    """A flag's masks; its multi-bit and zero members are aliases, left out of iteration;
    its operators win over the data type's (`int.__or__` of an `IntFlag`)."""
    singles = multi = 0
    for m in cls._member_map_.values():
        v = m._value_
        if _is_single_bit(v):
            singles |= v
        else:
            multi |= v
    cls._singles_mask_ = singles
    cls._flag_mask_ = singles | multi
    cls._all_bits_ = 2 ** (singles | multi).bit_length() - 1
    cls._member_names_ = [n for n in cls._member_names_
                          if _is_single_bit(cls._member_map_[n]._value_)]
    for name in _FLAG_OPERATORS:
        if name not in classdict:
            type.__setattr__(cls, name, Flag.__dict__[name])


class Flag(Enum, boundary=STRICT):
    _singles_mask_ = 0
    _flag_mask_ = 0
    _all_bits_ = 0

    def _generate_next_value_(name, start, count, last_values):
        if not count:
            return start if start is not None else 1
        last = max(last_values)
        if not isinstance(last, int):
            raise TypeError(f"invalid flag value {last!r}")
        return 2 ** last.bit_length()

    @classmethod
    def _missing_(cls, value):
        if not isinstance(value, int):
            raise ValueError(f"{value!r} is not a valid {cls.__qualname__}")
        flag_mask, singles_mask, all_bits = cls._flag_mask_, cls._singles_mask_, cls._all_bits_
        boundary = cls._boundary_
        if not ~all_bits <= value <= all_bits or value & (all_bits ^ flag_mask):
            if boundary is STRICT:
                max_bits = max(value.bit_length(), flag_mask.bit_length())
                raise ValueError("%r invalid value %r\n    given %s\n  allowed %s" % (
                    cls, value, _bin(value, max_bits), _bin(flag_mask, max_bits)))
            if boundary is CONFORM:
                value = value & flag_mask
            elif boundary is EJECT:
                return value
            elif boundary is KEEP and value < 0:
                value = max(all_bits + 1, 2 ** value.bit_length()) + value
        neg_value = None
        if value < 0:
            neg_value = value
            value = all_bits + 1 + value
        unknown = value & ~flag_mask
        aliases = value & ~singles_mask
        member_value = value & singles_mask
        if unknown and boundary is not KEEP:
            raise ValueError(f"{cls.__name__}({value!r}) -->  unknown values "
                             f"{unknown!r} [{bin(unknown)}]")
        if cls._member_type_ is object:
            pseudo = object.__new__(cls)
        else:
            pseudo = cls._member_type_.__new__(cls, value)
        pseudo._value_ = value
        pseudo._name_ = None
        if member_value or aliases:
            members = [m for m in pseudo._members_in_(member_value)]
            combined = 0
            for m in members:
                combined |= m._value_
            if aliases:
                value = member_value | aliases
                for m in cls._member_map_.values():
                    v = m._value_
                    if m not in members and v and v & value == v:
                        members.append(m)
                        combined |= v
            unknown = value ^ combined
            if combined:
                pseudo._name_ = "|".join(m._name_ for m in members)
                if unknown:
                    pseudo._name_ += f"|{unknown!r}"
        if not unknown:
            pseudo = cls._value2member_map_.setdefault(value, pseudo)
            if neg_value is not None:
                cls._value2member_map_[neg_value] = pseudo
        return pseudo

    def _members_in_(self, value):
        """The canonical (single-bit) members within `value`, in definition order."""
        for name in self._member_names_:
            m = self._member_map_[name]
            if m._value_ & value == m._value_:
                yield m

    def __iter__(self):
        return self._members_in_(self._value_)

    def __len__(self):
        return bin(self._value_).count("1")

    def __contains__(self, other):
        if not isinstance(other, self.__class__):
            raise TypeError("unsupported operand type(s) for 'in': %r and %r" % (
                type(other).__qualname__, self.__class__.__qualname__))
        return other._value_ & self._value_ == other._value_

    def __bool__(self):
        return bool(self._value_)

    def __repr__(self):
        name = self.__class__.__name__
        if self._name_ is None:
            return f"<{name}: {self._value_!r}>"
        return f"<{name}.{self._name_}: {self._value_!r}>"

    def __str__(self):
        name = self.__class__.__name__
        if self._name_ is None:
            return f"{name}({self._value_!r})"
        return f"{name}.{self._name_}"

    def _get_value(self, flag):
        if isinstance(flag, self.__class__):
            return flag._value_
        if self._member_type_ is not object and isinstance(flag, self._member_type_):
            return flag
        return NotImplemented

    def __or__(self, other):
        v = self._get_value(other)
        if v is NotImplemented:
            return NotImplemented
        return self.__class__(self._value_ | v)

    def __and__(self, other):
        v = self._get_value(other)
        if v is NotImplemented:
            return NotImplemented
        return self.__class__(self._value_ & v)

    def __xor__(self, other):
        v = self._get_value(other)
        if v is NotImplemented:
            return NotImplemented
        return self.__class__(self._value_ ^ v)

    __ror__ = __or__
    __rand__ = __and__
    __rxor__ = __xor__

    def __invert__(self):
        if self._boundary_ is EJECT or self._boundary_ is KEEP:
            return self.__class__(~self._value_)
        return self.__class__(self._singles_mask_ & ~self._value_)


class IntFlag(int, ReprEnum, Flag, boundary=KEEP):
    pass


def unique(enumeration):
    duplicates = [(name, m.name) for name, m in enumeration.__members__.items()
                  if name != m.name]
    if duplicates:
        alias_details = ", ".join(f"{a} -> {n}" for a, n in duplicates)
        raise ValueError(f"duplicate values found in {enumeration!r}: {alias_details}")
    return enumeration
