def abstractmethod(funcobj):
    funcobj.__isabstractmethod__ = True
    return funcobj


class abstractclassmethod(classmethod):
    __isabstractmethod__ = True

    def __init__(self, callable):
        callable.__isabstractmethod__ = True
        super().__init__(callable)


class abstractstaticmethod(staticmethod):
    __isabstractmethod__ = True

    def __init__(self, callable):
        callable.__isabstractmethod__ = True
        super().__init__(callable)


class abstractproperty(property):
    __isabstractmethod__ = True


def _abstracts(cls, namespace, bases):
    found = {n for n, v in namespace.items() if getattr(v, "__isabstractmethod__", False)}
    for base in bases:
        for n in getattr(base, "__abstractmethods__", ()):
            if getattr(getattr(cls, n, None), "__isabstractmethod__", False):
                found.add(n)
    return frozenset(found)


class ABCMeta(type):
    def __new__(mcls, name, bases, namespace, /, **kwargs):
        cls = super().__new__(mcls, name, bases, namespace, **kwargs)
        cls.__abstractmethods__ = _abstracts(cls, namespace, bases)
        cls._abc_registry = []
        return cls

    def register(cls, subclass):
        if not isinstance(subclass, type):
            raise TypeError("Can only register classes")
        if issubclass(subclass, cls):
            return subclass
        if issubclass(cls, subclass):
            raise RuntimeError("Refusing to create an inheritance cycle")
        cls._abc_registry.append(subclass)
        return subclass

    def __instancecheck__(cls, instance):
        return cls.__subclasscheck__(type(instance))

    def __subclasscheck__(cls, subclass):
        if not isinstance(subclass, type):
            raise TypeError("issubclass() arg 1 must be a class")
        if cls in subclass.__mro__:
            return True
        ok = cls.__subclasshook__(subclass)
        if ok is not NotImplemented:
            return bool(ok)
        for r in cls._abc_registry:
            if issubclass(subclass, r):
                return True
        for s in type.__subclasses__(cls):
            if s is not subclass and issubclass(subclass, s):
                return True
        return False

    def __call__(cls, *args, **kwargs):
        names = cls.__abstractmethods__
        if names and not ((args or kwargs) and cls.__init__ is object.__init__):
            s = "s" if len(names) > 1 else ""
            raise TypeError(
                f"Can't instantiate abstract class {cls.__name__} with abstract "
                f"method{s} {', '.join(sorted(names))}"
            )
        return super().__call__(*args, **kwargs)


def update_abstractmethods(cls):
    if hasattr(cls, "__abstractmethods__"):
        cls.__abstractmethods__ = _abstracts(cls, cls.__dict__, cls.__bases__)
    return cls


def get_cache_token():
    return 0


class ABC(metaclass=ABCMeta):
    __slots__ = ()
