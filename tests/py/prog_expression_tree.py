# expression tree classes with evaluation, printing, simplification and derivatives
class Expr:
    def __add__(self, o): return Add(self, wrap(o))
    def __radd__(self, o): return Add(wrap(o), self)
    def __mul__(self, o): return Mul(self, wrap(o))
    def __rmul__(self, o): return Mul(wrap(o), self)
def wrap(v):
    return v if isinstance(v, Expr) else Num(v)
class Num(Expr):
    def __init__(self, v): self.v = v
    def eval(self, env): return self.v
    def __repr__(self): return str(self.v)
    def diff(self, var): return Num(0)
    def simplify(self): return self
class Var(Expr):
    def __init__(self, name): self.name = name
    def eval(self, env):
        if self.name not in env:
            raise NameError(f"variable {self.name!r} is unbound")
        return env[self.name]
    def __repr__(self): return self.name
    def diff(self, var): return Num(1 if var == self.name else 0)
    def simplify(self): return self
class BinOp(Expr):
    def __init__(self, l, r): self.l, self.r = l, r
    def __repr__(self): return f"({self.l} {self.sym} {self.r})"
class Add(BinOp):
    sym = "+"
    def eval(self, env): return self.l.eval(env) + self.r.eval(env)
    def diff(self, var): return Add(self.l.diff(var), self.r.diff(var))
    def simplify(self):
        l, r = self.l.simplify(), self.r.simplify()
        if isinstance(l, Num) and isinstance(r, Num): return Num(l.v + r.v)
        if isinstance(l, Num) and l.v == 0: return r
        if isinstance(r, Num) and r.v == 0: return l
        return Add(l, r)
class Mul(BinOp):
    sym = "*"
    def eval(self, env): return self.l.eval(env) * self.r.eval(env)
    def diff(self, var): return Add(Mul(self.l.diff(var), self.r), Mul(self.l, self.r.diff(var)))
    def simplify(self):
        l, r = self.l.simplify(), self.r.simplify()
        if isinstance(l, Num) and isinstance(r, Num): return Num(l.v * r.v)
        if (isinstance(l, Num) and l.v == 0) or (isinstance(r, Num) and r.v == 0): return Num(0)
        if isinstance(l, Num) and l.v == 1: return r
        if isinstance(r, Num) and r.v == 1: return l
        return Mul(l, r)
x, y = Var("x"), Var("y")
e = 3 * x * x + 2 * x * y + 7
print(e)
print(e.eval({"x": 2, "y": 5}), e.eval({"x": -1.5, "y": 0}))
d = e.diff("x")
print(d)
print(d.simplify(), "|", e.diff("y").simplify(), "|", e.diff("z").simplify())
print((0 * x + 1 * (y + 0)).simplify(), (Num(2) * 3 + 4).simplify())
try:
    e.eval({"x": 1})
except NameError as err:
    print(type(err).__name__, err)
