class Ga:
    def __getattr__(self, n):
        raise AttributeError(n)
try:
    Ga().c
except AttributeError as e: print(e)
class Gb:
    def __getattr__(self, n):
        raise AttributeError('custom %s' % n)
try:
    Gb().c
except AttributeError as e: print(e)
try:
    getattr(Gb(), 'c')
except AttributeError as e: print(e)
x = Gb()
def f():
    return x.c
try:
    f()
except AttributeError as e: print(e)
try:
    x.c()
except AttributeError as e: print(e)
print(getattr(Gb(), 'c', 'default'), hasattr(Gb(), 'c'))
class Meta(type):
    def __getattr__(cls, n):
        raise AttributeError('meta ' + n)
class WithMeta(metaclass=Meta):
    pass
try:
    WithMeta.zz
except AttributeError as e: print(e)
print(getattr(WithMeta, 'zz', 'dflt'))
class Prop:
    @property
    def p(self):
        raise AttributeError('from property')
    def __getattr__(self, n):
        return 'fallback ' + n
print(Prop().p)
class Deleg:
    def __init__(self):
        self.it = iter([1, 2])
    def __iter__(self):
        return self
    def __next__(self):
        return next(self.it)
    def __getattr__(self, n):
        raise AttributeError(n)
def g():
    yield from Deleg()
gen = g()
print(next(gen))
gen.close()
print('closed')
