# polynomial class with integer coefficients: arithmetic, evaluation, derivative
class Poly:
    def __init__(self, coeffs):
        c = list(coeffs)
        while len(c) > 1 and c[-1] == 0:
            c.pop()
        self.c = c or [0]
    def __add__(self, o):
        o = o if isinstance(o, Poly) else Poly([o])
        n = max(len(self.c), len(o.c))
        return Poly([(self.c[i] if i < len(self.c) else 0) + (o.c[i] if i < len(o.c) else 0) for i in range(n)])
    __radd__ = __add__
    def __neg__(self):
        return Poly([-x for x in self.c])
    def __sub__(self, o):
        return self + (-o)
    def __mul__(self, o):
        o = o if isinstance(o, Poly) else Poly([o])
        out = [0] * (len(self.c) + len(o.c) - 1)
        for i, a in enumerate(self.c):
            for j, b in enumerate(o.c):
                out[i + j] += a * b
        return Poly(out)
    __rmul__ = __mul__
    def __pow__(self, n):
        r = Poly([1])
        for _ in range(n):
            r = r * self
        return r
    def __call__(self, x):
        acc = 0
        for a in reversed(self.c):
            acc = acc * x + a
        return acc
    def deriv(self):
        return Poly([i * a for i, a in enumerate(self.c)][1:] or [0])
    def __eq__(self, o):
        return isinstance(o, Poly) and self.c == o.c
    def __repr__(self):
        terms = []
        for i in range(len(self.c) - 1, -1, -1):
            a = self.c[i]
            if a == 0 and len(self.c) > 1:
                continue
            coef = "" if abs(a) == 1 and i else str(abs(a))
            var = "" if i == 0 else "x" if i == 1 else f"x^{i}"
            terms.append(("-" if a < 0 else "+") + coef + var)
        s = "".join(terms)
        return s[1:] if s.startswith("+") else s
x = Poly([0, 1])
p = 3 * x ** 2 - 2 * x + 1
q = x - 1
print(p, "|", q, "|", p + q, "|", p - p, "|", p * q, "|", (x + 1) ** 5)
print(p(0), p(2), p(-3), ((x + 1) ** 10)(1), p.deriv(), p.deriv().deriv(), Poly([7]).deriv())
print(p == 3 * x * x - 2 * x + 1, (x - 1) * (x + 1) == x ** 2 - 1, -x, Poly([]))
