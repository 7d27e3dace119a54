# Exception subclasses: __new__ through super() and the base classes, str() beside a user
# __repr__, args after a custom __init__.
class MyExc(Exception):
    def __new__(cls, *a):
        o = super().__new__(cls, *a)
        o.extra = 'e'
        return o
e = MyExc(1, 'two')
print(e.extra, e.args, str(e), repr(e))
class ViaBase(ValueError):
    def __new__(cls, *a):
        return Exception.__new__(cls, *a)
print(ViaBase(3).args, isinstance(ViaBase(), ValueError))
print(BaseException.__new__(KeyError, 'k').args)
print(repr(ValueError.__new__(ValueError, 1, 2)))
class CustomRepr(Exception):
    def __repr__(self):
        return 'CR!'
print(repr(CustomRepr()), str(CustomRepr('q')), str(CustomRepr()), str(CustomRepr(1, 2)))
class Sub(CustomRepr):
    pass
print(repr(Sub('x')), str(Sub('x')), '%s' % Sub('y'), f'{Sub("z")}')
class WithStr(Exception):
    def __repr__(self):
        return 'WR'
    def __str__(self):
        return 'WS'
print(repr(WithStr()), str(WithStr()))
try:
    raise CustomRepr('raised')
except CustomRepr as exc:
    print('caught', exc)
class NoArgs(Exception):
    def __init__(self):
        super().__init__('fixed')
print(NoArgs().args, str(NoArgs()))
class Plain:
    def __new__(cls, *a):
        return super().__new__(cls, *a)
try:
    Plain(1)
except TypeError as exc:
    print(type(exc).__name__, exc)
