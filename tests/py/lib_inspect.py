import inspect, functools
def f(a, b: int = 2, /, c=3, *args, d, e: str = "x", **kw) -> bool: pass
sig = inspect.signature(f)
print(sig, repr(sig), list(sig.parameters), sig.return_annotation)
for p in sig.parameters.values():
    print(p.name, p.kind, p.kind.description, p.default is p.empty, repr(p))
class C:
    """Class doc.

       Indented more.
    """
    def __init__(self, x, y=1): pass
    def m(self, z, *, w=0): return z
    @staticmethod
    def s(q): pass
    @classmethod
    def k(cls, r): pass
print(inspect.signature(C), inspect.signature(C(1).m), inspect.signature(C.m), inspect.signature(C.s), inspect.signature(C.k))
print(inspect.getdoc(C), repr(inspect.cleandoc("  a\n    b\n  c\n")))
b = sig.bind(1, 2, 3, 4, d=5, z=6); print(b.arguments, b.args, b.kwargs)
b2 = inspect.signature(C.m).bind_partial(None); b2.apply_defaults(); print(b2.arguments)
try: sig.bind(1)
except TypeError as e: print("TE", e)
print(inspect.getfullargspec(f))
def gen(): yield 1
async def co(): pass
print(inspect.isgeneratorfunction(gen), inspect.iscoroutinefunction(co), inspect.isfunction(f), inspect.isclass(C), inspect.ismethod(C(1).m), inspect.isbuiltin(len), inspect.isroutine(len), inspect.isgenerator(gen()), inspect.ismodule(inspect))
print([n for n, _ in inspect.getmembers(C, inspect.isfunction)], inspect.getmro(C)[0].__name__)
@functools.wraps(f)
def w(*a, **k): return f(*a, **k)
print(inspect.signature(w), inspect.unwrap(w) is f, inspect.currentframe().f_code.co_name)
print(str(inspect.Parameter("x", inspect.Parameter.KEYWORD_ONLY, default=3)), inspect.Signature([inspect.Parameter("a", inspect.Parameter.POSITIONAL_ONLY)]))
class Callable:
    def __call__(self, a, b=2): pass
print(inspect.signature(Callable()), inspect.signature(lambda x, *y: 0))
