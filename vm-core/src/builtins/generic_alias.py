# types.GenericAlias: what subscripting a builtin container type gives (list[int]), so that
# annotations, which module and class bodies evaluate, can use it. It records its origin
# and arguments, prints as CPython's, compares by both and calls its origin.


def _type_repr(obj):
    if obj is ...:
        return "..."
    if isinstance(obj, type) and not isinstance(obj, GenericAlias):
        if obj.__module__ == "builtins":
            return obj.__qualname__
        return obj.__module__ + "." + obj.__qualname__
    return repr(obj)


class GenericAlias:
    def __init__(self, origin, args):
        self.__origin__ = origin
        self.__args__ = args if isinstance(args, tuple) else (args,)

    def __repr__(self):
        if not self.__args__:
            return _type_repr(self.__origin__) + "[()]"
        return "%s[%s]" % (_type_repr(self.__origin__),
                           ", ".join(_type_repr(a) for a in self.__args__))

    def __call__(self, *args, **kwargs):
        return self.__origin__(*args, **kwargs)

    def __eq__(self, other):
        if not isinstance(other, GenericAlias):
            return NotImplemented
        return self.__origin__ == other.__origin__ and self.__args__ == other.__args__

    def __hash__(self):
        return hash(self.__origin__) ^ hash(self.__args__)

    def __getattr__(self, name):
        if name.startswith("__") and name.endswith("__"):
            raise AttributeError(name)
        return getattr(self.__origin__, name)


GenericAlias.__module__ = "types"
