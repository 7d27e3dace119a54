def f(a, b=2, /, c=3, *args, d, e=5, **kw): pass
c = f.__code__
print(c.co_argcount, c.co_posonlyargcount, c.co_kwonlyargcount, c.co_flags & 0x0C, c.co_varnames, c.co_name, c.co_filename[-5:], c.co_firstlineno)
def g(): yield 1
async def h(): pass
print(g.__code__.co_flags & 0x20, h.__code__.co_flags & 0x80)
import types
print(isinstance(f, types.FunctionType), isinstance(len, types.BuiltinFunctionType), type(g()).__name__, types.GeneratorType)
