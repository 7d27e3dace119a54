# `%` formatting: objects converting through __int__/__index__/__float__, subclasses of
# int and float, mapping arguments; str whitespace and numeric predicates; zip(strict=);
# sum() refusing bytes
def t(f):
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__, e)
class A:
    def __index__(self): return 5
    def __int__(self): return 6
    def __float__(self): return 7.0
class OnlyIndex:
    def __index__(self): return 65
class I(int): pass
class F(float): pass
t(lambda: '%d %i %x %o %X' % (A(), A(), A(), A(), A()))
t(lambda: '%f %.1e %g' % (A(), A(), A()))
t(lambda: '%c %d %.2f' % (OnlyIndex(), OnlyIndex(), OnlyIndex()))
t(lambda: '%d %x %.1f' % (I(5), I(255), I(3)))
t(lambda: '%d %.2f %i' % (F(2.5), F(2.5), F(-2.5)))
t(lambda: '%x' % F(2.5))
t(lambda: '%d' % object.__new__(type('B', (), {})))
t(lambda: '%(a)s %s' % {'a': 1})
t(lambda: '%(a)*d' % {'a': 1})
t(lambda: '%(a)s' % {'a': 1, 'b': 2})
t(lambda: '%s' % {'a': 1})
t(lambda: 'abc' % [])
t(lambda: 'abc' % {})
t(lambda: 'abc' % ())
t(lambda: 'abc' % 5)
t(lambda: '%s %s' % [1, 2])
t(lambda: ' \x1c a\x1fb \x1d'.split())
t(lambda: 'a\x1cb\x1ec'.rsplit())
t(lambda: 'a\x1cb\x1ec '.rsplit(None, 1))
t(lambda: [c.isspace() for c in '\x1c\x1d\x1e\x1f\x85\xa0 \t'])
t(lambda: [c.isnumeric() for c in '五十百千万零1½²a'])
t(lambda: [c.isalnum() for c in '五½²a_ '])
t(lambda: ['五'.isdigit(), '五'.isdecimal(), '²'.isdigit(), '²'.isdecimal()])
t(lambda: list(zip('ab', 'cd', strict=True)))
t(lambda: list(zip('ab', 'c', strict=True)))
t(lambda: list(zip('a', 'cd', strict=True)))
t(lambda: list(zip('ab', 'cd', 'e', strict=True)))
t(lambda: list(zip('ab', 'cd', 'efg', strict=True)))
t(lambda: list(zip('', 'cd', 'efg', strict=True)))
t(lambda: list(zip('a', '', 'efg', strict=True)))
t(lambda: list(zip('', '', '', strict=True)))
t(lambda: list(zip('abc', 'cd', strict=False)))
t(lambda: sum([b'a'], b''))
t(lambda: sum([b'a'], bytearray()))
t(lambda: sum(['a'], ''))
t(lambda: sum([[1], [2]], []))
