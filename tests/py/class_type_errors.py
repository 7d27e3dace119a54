# Misuse of object.__new__/__init__, the builtin types' __new__ and methods, type(),
# dict views with other iterables, and __class__ assignment: CPython's TypeErrors.

try:
    print('object(1)', '->', repr(object(1)))
except Exception as e:
    print('object(1)', '->', type(e).__name__, e)
try:
    print('object.__new__(int)', '->', repr(object.__new__(int)))
except Exception as e:
    print('object.__new__(int)', '->', type(e).__name__, e)
try:
    print('object.__new__(1)', '->', repr(object.__new__(1)))
except Exception as e:
    print('object.__new__(1)', '->', type(e).__name__, e)
try:
    print('int.__new__(str)', '->', repr(int.__new__(str)))
except Exception as e:
    print('int.__new__(str)', '->', type(e).__name__, e)
try:
    print('object.__init__(object(), 1)', '->', repr(object.__init__(object(), 1)))
except Exception as e:
    print('object.__init__(object(), 1)', '->', type(e).__name__, e)
try:
    print("type('A', 1, {})", '->', repr(type('A', 1, {})))
except Exception as e:
    print("type('A', 1, {})", '->', type(e).__name__, e)
try:
    print("type('A', (), 1)", '->', repr(type('A', (), 1)))
except Exception as e:
    print("type('A', (), 1)", '->', type(e).__name__, e)
try:
    print('type(1, (), {})', '->', repr(type(1, (), {})))
except Exception as e:
    print('type(1, (), {})', '->', type(e).__name__, e)
try:
    print("type('A')", '->', repr(type('A')))
except Exception as e:
    print("type('A')", '->', type(e).__name__, e)
try:
    print('{}.keys() & [1]', '->', repr({}.keys() & [1]))
except Exception as e:
    print('{}.keys() & [1]', '->', type(e).__name__, e)
try:
    print('{1:2}.keys() | [3]', '->', repr({1:2}.keys() | [3]))
except Exception as e:
    print('{1:2}.keys() | [3]', '->', type(e).__name__, e)
try:
    print('{1:2}.keys() == [1]', '->', repr({1:2}.keys() == [1]))
except Exception as e:
    print('{1:2}.keys() == [1]', '->', type(e).__name__, e)
try:
    print('{1:2}.items() - [(1,2)]', '->', repr({1:2}.items() - [(1,2)]))
except Exception as e:
    print('{1:2}.items() - [(1,2)]', '->', type(e).__name__, e)
try:
    print('list.append(1, 2)', '->', repr(list.append(1, 2)))
except Exception as e:
    print('list.append(1, 2)', '->', type(e).__name__, e)
try:
    print('str.upper(1)', '->', repr(str.upper(1)))
except Exception as e:
    print('str.upper(1)', '->', type(e).__name__, e)
try:
    print("int.bit_length('x')", '->', repr(int.bit_length('x')))
except Exception as e:
    print("int.bit_length('x')", '->', type(e).__name__, e)
try:
    print('dict.get([], 1)', '->', repr(dict.get([], 1)))
except Exception as e:
    print('dict.get([], 1)', '->', type(e).__name__, e)
try:
    print("super(int, 'x')", '->', repr(super(int, 'x')))
except Exception as e:
    print("super(int, 'x')", '->', type(e).__name__, e)
try:
    print('list.__new__(int)', '->', repr(list.__new__(int)))
except Exception as e:
    print('list.__new__(int)', '->', type(e).__name__, e)
try:
    print('tuple.__new__(list)', '->', repr(tuple.__new__(list)))
except Exception as e:
    print('tuple.__new__(list)', '->', type(e).__name__, e)
try:
    print('float.__new__(int, 1.5)', '->', repr(float.__new__(int, 1.5)))
except Exception as e:
    print('float.__new__(int, 1.5)', '->', type(e).__name__, e)
try:
    print('str.__new__(1)', '->', repr(str.__new__(1)))
except Exception as e:
    print('str.__new__(1)', '->', type(e).__name__, e)
try:
    print('[].__iadd__(1)', '->', repr([].__iadd__(1)))
except Exception as e:
    print('[].__iadd__(1)', '->', type(e).__name__, e)
try:
    print("(1).__getattribute__('real')", '->', repr((1).__getattribute__('real')))
except Exception as e:
    print("(1).__getattribute__('real')", '->', type(e).__name__, e)
try:
    print("type.__call__(int, '5')", '->', repr(type.__call__(int, '5')))
except Exception as e:
    print("type.__call__(int, '5')", '->', type(e).__name__, e)
try:
    print('bool.__new__(bool, 0)', '->', repr(bool.__new__(bool, 0)))
except Exception as e:
    print('bool.__new__(bool, 0)', '->', type(e).__name__, e)
try:
    print("setattr(1, 'x', 2)", '->', repr(setattr(1, 'x', 2)))
except Exception as e:
    print("setattr(1, 'x', 2)", '->', type(e).__name__, e)
try:
    print('object().__dict__', '->', repr(object().__dict__))
except Exception as e:
    print('object().__dict__', '->', type(e).__name__, e)
try:
    print('int.__init__(5)', '->', repr(int.__init__(5)))
except Exception as e:
    print('int.__init__(5)', '->', type(e).__name__, e)
try:
    (1).__class__ = str
    print('(1).__class__ = str', 'ok')
except Exception as e:
    print('(1).__class__ = str', '->', type(e).__name__, e)
try:
    int.x = 1
    print('int.x = 1', 'ok')
except Exception as e:
    print('int.x = 1', '->', type(e).__name__, e)
try:
    class Y(int, str): pass
    print('class Y(int, str): pass', 'ok')
except Exception as e:
    print('class Y(int, str): pass', '->', type(e).__name__, e)
try:
    class Z(object, object): pass
    print('class Z(object, object): pass', 'ok')
except Exception as e:
    print('class Z(object, object): pass', '->', type(e).__name__, e)
