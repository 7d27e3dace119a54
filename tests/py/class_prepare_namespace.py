# A metaclass's __prepare__ returning a mapping that is not a dict: the class body stores,
# loads and deletes names through it.

class Recorder:
    def __init__(self):
        self.data = {}
        self.order = []
    def __getitem__(self, k):
        return self.data[k]
    def __setitem__(self, k, v):
        self.order.append(k)
        self.data[k] = v
    def __delitem__(self, k):
        del self.data[k]
    def keys(self):
        return self.data.keys()
class M(type):
    @classmethod
    def __prepare__(mcls, name, bases):
        return Recorder()
    def __new__(mcls, name, bases, ns):
        cls = super().__new__(mcls, name, bases, dict(ns.data))
        cls.order = [k for k in ns.order if not k.startswith('__')]
        return cls
class A(metaclass=M):
    x = 1
    y = x + 1
    tmp = 3
    del tmp
    def f(self): return self.y
print(A.order, A.y, A().f(), hasattr(A, 'tmp'))
