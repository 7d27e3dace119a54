from abc import ABCMeta, abstractmethod

__all__ = ["Awaitable", "Coroutine", "AsyncIterable", "AsyncIterator",
           "AsyncGenerator", "Hashable", "Iterable", "Iterator", "Generator",
           "Reversible", "Sized", "Container", "Callable", "Collection", "Set",
           "MutableSet", "Mapping", "MutableMapping", "MappingView", "KeysView",
           "ItemsView", "ValuesView", "Sequence", "MutableSequence", "ByteString"]


def _check_methods(C, *methods):
    mro = C.__mro__
    for method in methods:
        for B in mro:
            if method in B.__dict__:
                if B.__dict__[method] is None:
                    return NotImplemented
                break
        else:
            return NotImplemented
    return True


def _hook(*methods):
    @classmethod
    def __subclasshook__(cls, C):
        if cls is hook_owner[0]:
            return _check_methods(C, *methods)
        return NotImplemented
    hook_owner = []
    return __subclasshook__, hook_owner


def _one_trick(name, methods, bases=(), body=None):
    hook, owner = _hook(*methods)
    ns = {"__slots__": (), "__subclasshook__": hook}
    for m in methods:
        ns[m] = abstractmethod(lambda self, *a: None)
    if body:
        ns.update(body)
    cls = ABCMeta(name, bases, ns)
    cls.__module__ = "collections.abc"
    owner.append(cls)
    return cls


Hashable = _one_trick("Hashable", ("__hash__",))
Awaitable = _one_trick("Awaitable", ("__await__",))
Coroutine = _one_trick("Coroutine", ("__await__", "send", "throw", "close"), (Awaitable,))
AsyncIterable = _one_trick("AsyncIterable", ("__aiter__",))
AsyncIterator = _one_trick("AsyncIterator", ("__aiter__", "__anext__"), (AsyncIterable,),
                           {"__aiter__": lambda self: self})
AsyncGenerator = _one_trick("AsyncGenerator", ("__aiter__", "__anext__", "asend", "athrow",
                                               "aclose"), (AsyncIterator,))
Iterable = _one_trick("Iterable", ("__iter__",))
Iterator = _one_trick("Iterator", ("__iter__", "__next__"), (Iterable,),
                      {"__iter__": lambda self: self})
Reversible = _one_trick("Reversible", ("__reversed__", "__iter__"), (Iterable,))
Generator = _one_trick("Generator", ("__iter__", "__next__", "send", "throw", "close"),
                       (Iterator,))
Sized = _one_trick("Sized", ("__len__",))
Container = _one_trick("Container", ("__contains__",))
Collection = _one_trick("Collection", ("__len__", "__iter__", "__contains__"),
                        (Sized, Iterable, Container))
Callable = _one_trick("Callable", ("__call__",))


class Set(Collection):
    __slots__ = ()

    def __le__(self, other):
        if not isinstance(other, Set):
            return NotImplemented
        return len(self) <= len(other) and all(e in other for e in self)

    def __lt__(self, other):
        if not isinstance(other, Set):
            return NotImplemented
        return len(self) < len(other) and self.__le__(other)

    def __ge__(self, other):
        if not isinstance(other, Set):
            return NotImplemented
        return len(self) >= len(other) and all(e in self for e in other)

    def __gt__(self, other):
        if not isinstance(other, Set):
            return NotImplemented
        return len(self) > len(other) and self.__ge__(other)

    def __eq__(self, other):
        if not isinstance(other, Set):
            return NotImplemented
        return len(self) == len(other) and self.__le__(other)

    @classmethod
    def _from_iterable(cls, it):
        return cls(it)

    def __and__(self, other):
        if not isinstance(other, Iterable):
            return NotImplemented
        return self._from_iterable(v for v in other if v in self)

    __rand__ = __and__

    def isdisjoint(self, other):
        return not any(v in self for v in other)

    def __or__(self, other):
        if not isinstance(other, Iterable):
            return NotImplemented
        return self._from_iterable([*self, *other])

    __ror__ = __or__

    def __sub__(self, other):
        if not isinstance(other, Set):
            if not isinstance(other, Iterable):
                return NotImplemented
            other = self._from_iterable(other)
        return self._from_iterable(v for v in self if v not in other)

    def __xor__(self, other):
        if not isinstance(other, Set):
            if not isinstance(other, Iterable):
                return NotImplemented
            other = self._from_iterable(other)
        return (self - other) | (other - self)


class MutableSet(Set):
    __slots__ = ()

    @abstractmethod
    def add(self, value):
        raise NotImplementedError

    @abstractmethod
    def discard(self, value):
        raise NotImplementedError

    def remove(self, value):
        if value not in self:
            raise KeyError(value)
        self.discard(value)

    def pop(self):
        it = iter(self)
        try:
            value = next(it)
        except StopIteration:
            raise KeyError from None
        self.discard(value)
        return value

    def clear(self):
        for v in list(self):
            self.discard(v)

    def __ior__(self, it):
        for v in it:
            self.add(v)
        return self

    def __iand__(self, it):
        for v in list(self):
            if v not in it:
                self.discard(v)
        return self

    def __isub__(self, it):
        for v in it:
            self.discard(v)
        return self


class Mapping(Collection):
    __slots__ = ()
    __reversed__ = None

    @abstractmethod
    def __getitem__(self, key):
        raise KeyError

    def get(self, key, default=None):
        try:
            return self[key]
        except KeyError:
            return default

    def __contains__(self, key):
        try:
            self[key]
        except KeyError:
            return False
        return True

    def keys(self):
        return KeysView(self)

    def items(self):
        return ItemsView(self)

    def values(self):
        return ValuesView(self)

    def __eq__(self, other):
        if not isinstance(other, Mapping):
            return NotImplemented
        return dict(self.items()) == dict(other.items())


class MappingView(Sized):
    __slots__ = ("_mapping",)

    def __init__(self, mapping):
        self._mapping = mapping

    def __len__(self):
        return len(self._mapping)

    def __repr__(self):
        return f"{self.__class__.__name__}({self._mapping!r})"


class KeysView(MappingView, Set):
    __slots__ = ()

    @classmethod
    def _from_iterable(cls, it):
        return set(it)

    def __contains__(self, key):
        return key in self._mapping

    def __iter__(self):
        yield from self._mapping


class ItemsView(MappingView, Set):
    __slots__ = ()

    @classmethod
    def _from_iterable(cls, it):
        return set(it)

    def __contains__(self, item):
        key, value = item
        try:
            v = self._mapping[key]
        except KeyError:
            return False
        return v is value or v == value

    def __iter__(self):
        for key in self._mapping:
            yield (key, self._mapping[key])


class ValuesView(MappingView, Collection):
    __slots__ = ()

    def __contains__(self, value):
        for key in self._mapping:
            v = self._mapping[key]
            if v is value or v == value:
                return True
        return False

    def __iter__(self):
        for key in self._mapping:
            yield self._mapping[key]


class MutableMapping(Mapping):
    __slots__ = ()
    _marker = object()

    @abstractmethod
    def __setitem__(self, key, value):
        raise KeyError

    @abstractmethod
    def __delitem__(self, key):
        raise KeyError

    def pop(self, key, default=_marker):
        try:
            value = self[key]
        except KeyError:
            if default is self._marker:
                raise
            return default
        del self[key]
        return value

    def popitem(self):
        try:
            key = next(iter(self))
        except StopIteration:
            raise KeyError from None
        value = self[key]
        del self[key]
        return key, value

    def clear(self):
        for k in list(self):
            del self[k]

    def update(self, other=(), /, **kwds):
        if isinstance(other, Mapping) or hasattr(other, "keys"):
            for key in other.keys():
                self[key] = other[key]
        else:
            for key, value in other:
                self[key] = value
        for key, value in kwds.items():
            self[key] = value

    def setdefault(self, key, default=None):
        try:
            return self[key]
        except KeyError:
            self[key] = default
        return default


class Sequence(Reversible, Collection):
    __slots__ = ()

    @abstractmethod
    def __getitem__(self, index):
        raise IndexError

    def __iter__(self):
        i = 0
        try:
            while True:
                yield self[i]
                i += 1
        except IndexError:
            return

    def __contains__(self, value):
        for v in self:
            if v is value or v == value:
                return True
        return False

    def __reversed__(self):
        for i in reversed(range(len(self))):
            yield self[i]

    def index(self, value, start=0, stop=None):
        if start < 0:
            start = max(len(self) + start, 0)
        if stop is not None and stop < 0:
            stop += len(self)
        i = start
        while stop is None or i < stop:
            try:
                v = self[i]
            except IndexError:
                break
            if v is value or v == value:
                return i
            i += 1
        raise ValueError

    def count(self, value):
        return sum(1 for v in self if v is value or v == value)


class ByteString(Sequence):
    __slots__ = ()


class MutableSequence(Sequence):
    __slots__ = ()

    @abstractmethod
    def __setitem__(self, index, value):
        raise IndexError

    @abstractmethod
    def __delitem__(self, index):
        raise IndexError

    @abstractmethod
    def insert(self, index, value):
        raise IndexError

    def append(self, value):
        self.insert(len(self), value)

    def clear(self):
        try:
            while True:
                self.pop()
        except IndexError:
            pass

    def reverse(self):
        n = len(self)
        for i in range(n // 2):
            self[i], self[n - i - 1] = self[n - i - 1], self[i]

    def extend(self, values):
        if values is self:
            values = list(values)
        for v in values:
            self.append(v)

    def pop(self, index=-1):
        v = self[index]
        del self[index]
        return v

    def remove(self, value):
        del self[self.index(value)]

    def __iadd__(self, values):
        self.extend(values)
        return self


for _t in (tuple, str, range, memoryview):
    Sequence.register(_t)
for _t in (bytes, bytearray):
    ByteString.register(_t)
MutableSequence.register(list)
MutableSequence.register(bytearray)
Set.register(frozenset)
MutableSet.register(set)
MutableMapping.register(dict)
KeysView.register(type({}.keys()))
ItemsView.register(type({}.items()))
ValuesView.register(type({}.values()))
Callable.register(type(len))
Callable.register(type([].append))
del _t
