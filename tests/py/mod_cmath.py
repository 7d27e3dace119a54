# The cmath module: sqrt, exp, log, log10, phase, polar, rect, isclose, the predicates and
# constants (libm-dependent results printed through a limited precision)
import cmath
def show(z):
    return "(%.12g%+.12gj)" % (z.real, z.imag) if isinstance(z, complex) else "%.12g" % z
print(cmath.pi, cmath.e, cmath.tau, cmath.inf, cmath.nan, cmath.infj, cmath.nanj)
print(cmath.sqrt(-4), cmath.sqrt(4), cmath.sqrt(2j), cmath.sqrt(-1), cmath.sqrt(0j), cmath.sqrt(complex(-0.0, -0.0)))
print(show(cmath.sqrt(3 + 4j)), show(cmath.sqrt(-3 - 4j)), show(cmath.sqrt(1e-320 + 1e-320j)), show(cmath.sqrt(1e300 + 1e300j)))
print(cmath.exp(0), show(cmath.exp(1j * cmath.pi)), show(cmath.exp(1 + 1j)), show(cmath.exp(-1000)), show(cmath.exp(709.5)))
print(cmath.log(1), cmath.log(-1), show(cmath.log(1j)), show(cmath.log(3 + 4j)), show(cmath.log(8, 2)), show(cmath.log(100, 10)))
print(show(cmath.log10(100)), show(cmath.log10(-10)), show(cmath.log(1e-320)), show(cmath.log(1e308 + 1e308j)), show(cmath.log(0.9 + 0.3j)))
print(cmath.phase(1), cmath.phase(-1), cmath.phase(complex(-1, -0.0)), cmath.phase(1j), cmath.phase(-1j), cmath.phase(0j))
print(cmath.polar(1j), cmath.polar(-2), cmath.polar(3 + 4j)[0], show(cmath.polar(1 + 1j)[1]))
print(cmath.rect(2, 0), show(cmath.rect(2, cmath.pi / 2)), show(cmath.rect(1, cmath.pi)), cmath.rect(0, 1.5), show(cmath.rect(-1, 0.5)))
print(cmath.isclose(1, 1 + 1e-10), cmath.isclose(1j, 1.0001j), cmath.isclose(1j, 1.0001j, rel_tol=1e-3), cmath.isclose(0, 1e-12, abs_tol=1e-11))
print(cmath.isclose(cmath.inf, cmath.inf), cmath.isclose(cmath.nan, cmath.nan), cmath.isclose(complex(cmath.inf, 1), complex(cmath.inf, 2)))
print(cmath.isfinite(1 + 1j), cmath.isfinite(cmath.infj), cmath.isinf(complex(1, cmath.inf)), cmath.isnan(cmath.nanj), cmath.isnan(1))
inf, nan = float("inf"), float("nan")
for z in [complex(-inf, 1), complex(inf, -1), complex(1, inf), complex(nan, 1), complex(-inf, nan), complex(inf, inf), complex(-inf, -0.0)]:
    out = [cmath.sqrt(z), cmath.log(z)]
    try:
        out.append(cmath.exp(z))
    except ValueError as e:
        out.append("ValueError " + str(e))
    print(z, out)
class C:
    def __complex__(self):
        return 4j
class F:
    def __float__(self):
        return 9.0
print(show(cmath.sqrt(C())), cmath.sqrt(F()), cmath.sqrt(True), cmath.phase(2 ** 60), cmath.rect(True, 0))
def attempt(label, f):
    try:
        print(label, f())
    except Exception as e:
        print(label, type(e).__name__, e)
attempt("log zero", lambda: cmath.log(0))
attempt("log base one", lambda: cmath.log(2, 1))
attempt("log10 zero", lambda: cmath.log10(0j))
attempt("exp overflow", lambda: cmath.exp(1000))
attempt("exp inf imag", lambda: cmath.exp(complex(0, inf)))
attempt("rect inf phi", lambda: cmath.rect(1, inf))
attempt("polar overflow", lambda: cmath.polar(complex(1e308, 1e308)))
attempt("str", lambda: cmath.sqrt("x"))
attempt("big int", lambda: cmath.sqrt(10 ** 400))
attempt("list", lambda: cmath.phase([]))
attempt("bad complex", lambda: cmath.exp(type("B", (), {"__complex__": lambda self: 1})()))
attempt("tolerance", lambda: cmath.isclose(1j, 1j, rel_tol=-1))
attempt("args", lambda: cmath.sqrt())
attempt("rect args", lambda: cmath.rect(1))
