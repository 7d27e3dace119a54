# dataclasses: the generated __init__, comparisons and __hash__ on edge cases: a field named
# `self`, fields left out of __init__, factories, InitVar defaults, frozen classes, and the
# errors a call with the wrong arguments raises.
from dataclasses import dataclass, field, InitVar, FrozenInstanceError


@dataclass
class Odd:
    self: int
    other: str = "o"


o = Odd(1)
print(o, o.self, o.other, Odd(self=2, other="x"))


@dataclass
class Parts:
    a: int
    b: list = field(default_factory=list)
    c: int = field(default=7, init=False)
    d: dict = field(default_factory=dict, init=False)
    e: int = field(init=False, repr=False)


p = Parts(1)
q = Parts(2, [3])
print(p, q, p.b is q.b, p.d is q.d, hasattr(p, "e"))
p.b.append(9)
print(Parts(3).b)


@dataclass
class WithInit:
    x: int
    scale: InitVar[int] = 10
    y: int = field(init=False)

    def __post_init__(self, scale):
        self.y = self.x * scale


print(WithInit(2), WithInit(2, 3).y, WithInit(x=4, scale=5).y)


@dataclass(frozen=True)
class Frozen:
    x: int
    tags: tuple = field(default_factory=tuple)


f = Frozen(1)
print(f, hash(f) == hash(Frozen(1)), f == Frozen(1, ()))
try:
    f.x = 2
except FrozenInstanceError as e:
    print("FrozenInstanceError", e)


@dataclass(order=True, unsafe_hash=True)
class Ver:
    major: int
    minor: int = 0
    note: str = field(default="", compare=False)


vs = sorted([Ver(1, 2, "b"), Ver(1, 0), Ver(0, 9, "a")])
print(vs)
print(Ver(1) < Ver(1, 1), Ver(2) >= Ver(1, 5), Ver(1, 0, "x") == Ver(1, 0, "y"))
print(hash(Ver(1, 2, "p")) == hash(Ver(1, 2, "q")))
print(Ver(1).__eq__(3), Ver(1).__lt__("s"))
try:
    Ver(1) < 3
except TypeError as e:
    print("TypeError", e)

for args, kwargs in [((), {}), ((1, 2, 3, 4), {}), ((1,), {"minor": 2, "major": 3}),
                     ((1,), {"patch": 1})]:
    try:
        Ver(*args, **kwargs)
    except TypeError as e:
        print("TypeError", e)
print(Ver.__init__.__qualname__, Ver.__eq__.__name__, Ver.__lt__.__qualname__)


class Plain:
    pass


@dataclass
class Sub(Ver):
    extra: int = 5


s = Sub(1, 2, "n", 6)
print(s, s == Sub(1, 2, "m", 6), s == Ver(1, 2))


@dataclass
class Empty:
    pass


print(Empty(), Empty() == Empty(), Empty() != Plain())
