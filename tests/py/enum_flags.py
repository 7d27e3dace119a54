from enum import Flag, IntFlag, auto
class F(Flag):
    A = auto()
    B = auto()
    C = auto()
    AB = A | B
print(repr(F.A | F.B), str(F.A | F.B), (F.A | F.B).name, (F.A|F.C).name, repr(F(0)), str(F(0)), F(0).name, bool(F(0)))
print(repr(~F.A), list(F.A | F.C), len(F.A | F.B), F.A in F.A | F.B, F.C in F.AB, list(F), F.AB is (F.A | F.B), repr(F.AB))
print(F.A & F.B, F.A ^ F.AB, repr(F(7)), F.A.value, F(3), repr(~F(0)), repr(~F.AB), F.A < F.B if False else "-", hash(F.A) == hash(F.A))
try: F(8)
except ValueError as e: print("VE", e)
class P(IntFlag):
    R = 4
    W = 2
    X = 1
    RWX = 7
print(repr(P.R | P.W), str(P.R | P.W), P.R | P.W, P.R + 1, P.R | 8, repr(P.R | 8), repr(P(8)), repr(~P.R), P.R == 4, isinstance(P.R, int), f"{P.W}", format(P.R | P.X, "03b"))
print(list(P), repr(P.RWX), repr(P(0)), P(5).name, list(P(5)), P.R in P.RWX, 4 in P.RWX if False else "-", repr(P.R & 6), repr(P.W ^ 3), repr(5 | P.W), type(P.W & 1).__name__)
print(repr(P(3)), str(P(0)), P.X.__class__.__name__, sorted([P.R, P.X]), [m.name for m in P], F.__members__.keys())
from enum import FlagBoundary, STRICT, CONFORM, EJECT, KEEP, Enum, IntEnum, StrEnum
class Cf(Flag, boundary=CONFORM):
    A = 1
    B = 2
class Ej(Flag, boundary=EJECT):
    A = 1
    B = 2
print(repr(Cf(7)), Ej(7), type(Ej(7)).__name__, repr(Ej(3)), STRICT, repr(KEEP), FlagBoundary.EJECT.value)
class Reg(IntFlag):
    EN = 1 << 0
    IRQ = 1 << 1
    DMA = 1 << 5
ctrl = Reg.EN | Reg.DMA
print(ctrl, repr(ctrl), hex(ctrl), ctrl & Reg.DMA == Reg.DMA, bool(ctrl & Reg.IRQ), int(ctrl), ctrl == 33, Reg(0x23), [r.name for r in Reg(0x23)])
class Perm(Flag):
    NONE = 0
    R = auto()
    W = auto()
print(list(Perm), repr(Perm.NONE), repr(Perm.R & Perm.W), Perm.R & Perm.W is Perm.NONE, len(Perm), Perm['W'], Perm(1))
class Color(IntEnum):
    RED = 1
print(str(Color.RED), repr(Color.RED), f"{Color.RED:>3}", Color.RED + 1, format(Color.RED, "x"))
class S(StrEnum):
    X = auto()
print(str(S.X), repr(S.X), f"[{S.X:>3}]", S.X.upper())
class E(Enum):
    A = 1
print(str(E.A), repr(E.A), f"{E.A}", format(E.A, ">8"))
try:
    Perm.R in 1
except TypeError as e:
    print("TE", e)
