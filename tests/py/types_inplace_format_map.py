# bytearray `*=` and `%`, dict `|=` with pairs, range hashing, str.format_map
ba = bytearray(b'ab'); c = ba; ba *= 3; print(c, c is ba)
ba *= 0; print(c)
print(bytearray(b'%d-%s') % (5, b'x'), type(bytearray(b'%x') % 255).__name__)
d = {'a': 1}; d |= [('b', 2)]; print(d)
try:
    d |= 5
except TypeError as e: print(e)
print(hash(range(3)) == hash(range(0, 3)), hash(range(0)) == hash(range(5, 2)), hash(range(1, 2, 5)) == hash(range(1, 2)))
print('{a} {b}'.format_map({'a': 1, 'b': 2}))
class D(dict):
    def __missing__(self, k): return k.upper()
print('{a} {b} {c[0]}'.format_map(D(a=1, c='xy')))
for f in ["'{0}'.format_map({})", "'{}'.format_map({})", "'{x}'.format_map({})", "'x'.format_map()", "'x'.format_map({}, {})"]:
    try: print(eval(f))
    except Exception as e: print(type(e).__name__, e)
