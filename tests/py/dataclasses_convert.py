# dataclasses: asdict, astuple and replace (nested data classes, lists, dicts, tuples),
# InitVar and ClassVar pseudo-fields, frozen inheritance, classes defined in functions.
from collections import namedtuple
from dataclasses import dataclass, field, asdict, astuple, replace, fields, InitVar
from typing import ClassVar, List

Pair = namedtuple("Pair", "a b")


@dataclass
class Inner:
    n: int
    tags: List[str] = field(default_factory=list)


@dataclass
class Outer:
    name: str
    inner: Inner
    more: list
    table: dict
    pair: Pair = Pair(1, 2)


o = Outer("o", Inner(1, ["t"]), [Inner(2), 3], {"k": Inner(4)})
d = asdict(o)
print(d)
d["inner"]["tags"].append("changed")
print(o.inner.tags, type(d["pair"]).__name__)
print(astuple(o))
print(asdict(Inner(5), dict_factory=lambda kv: sorted(kv, reverse=True)))
print(astuple(Inner(6, ["x"]), tuple_factory=list))
for f, arg in ((asdict, Inner), (astuple, 3)):
    try:
        f(arg)
    except TypeError as e:
        print(type(e).__name__, e)

r = replace(o, name="r")
print(r.name, r.inner is o.inner, o.name)


@dataclass
class Counter:
    start: int
    total: int = field(init=False, default=0)
    unit: ClassVar[str] = "items"
    scale: InitVar[int] = 1

    def __post_init__(self, scale):
        self.total = self.start * scale


c = Counter(3, 4)
print(c, Counter(2), Counter.unit, [f.name for f in fields(c)])
print(replace(c, start=5, scale=10))
try:
    replace(c, total=1)
except ValueError as e:
    print(type(e).__name__, e)
for bad in (None, 3):
    try:
        replace(bad)
    except TypeError as e:
        print(type(e).__name__, e)


@dataclass(frozen=True)
class Base:
    a: int


try:
    @dataclass
    class Thawed(Base):
        b: int = 0
except TypeError as e:
    print(type(e).__name__, e)


@dataclass(frozen=True)
class Child(Base):
    b: int = 2


ch = Child(1)
print(ch, hash(ch) == hash(Child(1, 2)), replace(ch, b=7))


def make():
    @dataclass
    class Local:
        v: int

    return Local


L = make()
print(L(1), L.__init__.__qualname__)
try:
    L()
except TypeError as e:
    print(type(e).__name__, e)


@dataclass
class Three:
    a: int
    b: int
    c: int


for args in ((), (1,), (1, 2, 3, 4)):
    try:
        Three(*args)
    except TypeError as e:
        print(type(e).__name__, e)


@dataclass
class Empty:
    pass


print(Empty(), Empty() == Empty(), fields(Empty), asdict(Empty()), astuple(Empty()))
try:
    Empty(1)
except TypeError as e:
    print(type(e).__name__, e)

match Inner(7, ["m"]):
    case Inner(n, tags):
        print("matched", n, tags)
