from abc import ABC, ABCMeta, abstractmethod
from collections.abc import (Iterable, Iterator, Sized, Container, Hashable, Callable,
                             Sequence, MutableSequence, Mapping, MutableMapping, Set,
                             MutableSet, Generator, Collection, Reversible)


class Shape(ABC):
    @abstractmethod
    def area(self):
        ...

    @abstractmethod
    def name(self):
        ...

    def describe(self):
        return f"{self.name()} of area {self.area()}"


class Square(Shape):
    def __init__(self, s):
        self.s = s

    def area(self):
        return self.s ** 2


class NamedSquare(Square):
    def name(self):
        return "square"


for cls in (Shape, Square):
    try:
        cls()
    except TypeError as e:
        print(type(e).__name__, e)
print(NamedSquare(3).describe(), isinstance(NamedSquare(1), Shape), issubclass(Square, Shape))
print(sorted(Shape.__abstractmethods__), sorted(Square.__abstractmethods__), NamedSquare.__abstractmethods__)


class Registry(metaclass=ABCMeta):
    pass


Registry.register(int)
print(isinstance(3, Registry), issubclass(bool, Registry), isinstance("x", Registry))
try:
    Registry.register(5)
except TypeError as e:
    print(type(e).__name__, e)


def gen():
    yield 1


class Sz:
    def __len__(self):
        return 0


for v in ([1], (1,), "s", {1: 2}, {1}, frozenset(), range(3), gen(), iter([]), len, 3, Sz()):
    print(type(v).__name__, [c.__name__ for c in (Iterable, Iterator, Sized, Container,
          Hashable, Callable, Sequence, MutableSequence, Mapping, MutableMapping, Set,
          MutableSet, Generator, Collection, Reversible) if isinstance(v, c)])


class MyMap(Mapping):
    def __init__(self, **kw):
        self._d = kw

    def __getitem__(self, k):
        return self._d[k]

    def __iter__(self):
        return iter(self._d)

    def __len__(self):
        return len(self._d)


m = MyMap(a=1, b=2)
print(m.get("a"), m.get("z", 0), "a" in m, list(m.keys()), list(m.items()), list(m.values()))
print(m == {"a": 1, "b": 2}, m.keys() & {"a", "q"}, isinstance(m, Mapping), isinstance(m, dict))


class MySeq(Sequence):
    def __init__(self, n):
        self.n = n

    def __getitem__(self, i):
        if not 0 <= i < self.n:
            raise IndexError(i)
        return i * 10

    def __len__(self):
        return self.n


s = MySeq(4)
print(list(s), 20 in s, s.index(30), s.count(10), list(reversed(s)))
try:
    MyMap.__abstractmethods__ and Mapping()
except TypeError as e:
    print(type(e).__name__, e)
