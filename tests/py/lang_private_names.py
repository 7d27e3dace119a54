class K:
    __cls = 5
    def __init__(self): self.__priv = 1
    def get(self): return self.__priv, K.__cls, self.__cls
k = K(); print(k.get())
print(sorted(k.__dict__), sorted(x for x in K.__dict__ if 'cls' in x))
class L(K):
    def get2(self):
        try:
            return self.__priv
        except AttributeError as e: return str(e)
print(L().get2())
def __glob(): return 'glob'
_M__glob = lambda: 'mangled glob'
class M:
    def run(self): return __glob()
    def kw(self, *, __k=3): return __k
    def clo(self):
        __v = 1
        def inner(): return __v
        return inner()
    __x = 1
    del __x
    @property
    def __p(self): return 'p'
    def gp(self): return self.__p
print(M().run(), M().kw(), M().clo(), M.kw.__kwdefaults__, M().gp(), M.kw.__code__.co_varnames)
class _Under:
    def f(self): self.__a = 1; return vars(self)
print(_Under().f())
class ___:
    def f(self): self.__a = 1; return vars(self)
print(___().f())
class Out:
    class In:
        def f(self): self.__z = 1; return vars(self)
    def g(self):
        return [self.__q for self.__q in range(1)] if False else getattr(self, '_Out__q', None)
print(Out.In().f())
import sys as __sys_alias
class Imp:
    def f(self):
        try:
            return __sys_alias
        except NameError as e:
            return str(e)
print(Imp().f())
