# Slicing every sequence type with start, stop and step at and beyond the 64-bit limits
# (CPython clamps a sequence's step to -sys.maxsize; ranges and slice.indices keep ints).
def t(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
t(lambda: range(10)[::-(2**63)])
t(lambda: range(10)[::-(2**64)])
t(lambda: range(10)[2**63::-(2**63)])
for s in ['Hello', b'Hello', bytearray(b'Hello'), [1,2,3], (1,2,3), range(5), 'héllo']:
    t(lambda: s[::-(2**63)])
    t(lambda: s[::-(2**64)])
    t(lambda: s[::2**63])
    t(lambda: s[-(2**63):2**63:-(2**63)+1])
    t(lambda: s[2**63:-(2**63):-1])
    t(lambda: s[-(2**63)::-1])
    t(lambda: s[:-(2**63):-1])
    t(lambda: s[::-(2**63)+1])
    t(lambda: s[::2**63-1])
    t(lambda: s[::-(2**47)])
    t(lambda: s[::-(2**47)-1])
    t(lambda: s[::(2**47)])
    t(lambda: s[-(2**47)-1:(2**47):-(2**47)-1])
t(lambda: slice(None,None,-(2**63)).indices(5))
t(lambda: slice(None,None,-(2**64)).indices(5))
t(lambda: slice(None).indices(2**50))
t(lambda: slice(-2**70, 2**70, 2**70).indices(10**30))
t(lambda: slice(-2**70, 2**70, 2**70).indices(-1))
t(lambda: slice(1, 2, 0).indices(10))
def a(x, k, v):
    try:
        x[k] = v
        print(x)
    except Exception as e:
        print(type(e).__name__, e)
def d(x, k):
    try:
        del x[k]
        print(x)
    except Exception as e:
        print(type(e).__name__, e)
for mk in [lambda: list(range(10)), lambda: bytearray(b'abcdefghij')]:
    for k in [slice(None,None,-(2**63)), slice(None,None,-(2**64)), slice(-(2**63),2**63,2**63), slice(2**63,-(2**63)), slice(2**63,-(2**63),-1), slice(None,None,2**63-1), slice(None,None,-(2**47)-1), slice(-2**47-3, 2**47+5, 2**47+1)]:
        x = mk()
        v = x[k]
        a(x, k, v)
        a(mk(), k, mk()[:1])
        d(mk(), k)
t(lambda: range(0, 2**62, 2**40)[::2**40])
t(lambda: range(-2**63, 2**63-1)[::2**62])
t(lambda: range(2**62)[2**61::2**3][5])
t(lambda: range(-2**63, 2**63-1, 3)[-(2**63)::-(2**63)])
t(lambda: range(2**46, 2**47+10)[3])
t(lambda: range(-2**63, 2**63-1)[2**62])
t(lambda: range(-2**63, 2**63-1, 2**62)[-1])
t(lambda: range(2**63-5, 2**63-1)[1:])
t(lambda: range(-2**63+5, -2**63,-1)[::-1])
t(lambda: len(range(-2**63, 2**63-1)))
t(lambda: range(-2**63, 2**63-1)[::-1])
