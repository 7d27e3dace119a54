# round() with ndigits of any size: floats clamp it, ints round to a multiple of 10**-n.
def t(f):
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__, e)
class I:
    def __index__(self):
        return -2
class J:
    def __index__(self):
        return 'x'
for x in [0, 5, 15, 25, -15, -25, 150, 250, -250, 1250, True, False, 2**70 + 5 * 10**19, -(2**70), 10**30, -(5 * 10**29), 2**47, -(2**47), 2**63, -(2**63)]:
    for n in [None, 0, 1, -1, -2, -3, -20, -30, -31, 2**63, 10**30, I()]:
        t(lambda: round(x, n))
    t(lambda: round(x, -(10**4)) == 0)
for n in [10**20, -10**20, 2**63, -(2**63), 2**63 - 1, -(2**63) + 1, 400, -400, 323, -308, -309, 1, -1, 0, True, I()]:
    for x in [1.5, -1.5, 2.675, 1e300, -1e-300, 0.0, -0.0, float('inf'), float('nan'), 123456.789]:
        t(lambda: round(x, n))
t(lambda: round(1.5, 'a'))
t(lambda: round(1.5, 2.0))
t(lambda: round(15, 2.0))
t(lambda: round(15, J()))
t(lambda: round(1.5, J()))
t(lambda: round(1.5, ndigits=1))
t(lambda: round(150, ndigits=-2))
t(lambda: round(True))
