# Methods whose result size is computed before it is built: replace (empty patterns, counts),
# padding with multi-byte fills, zfill, expandtabs, bytes join/replace/hex, reprs; and the
# int operations whose size is checked first.

print('abc'.replace('', '-'), 'abc'.replace('', '-', 2), 'abc'.replace('', '-', 0))
print('aaa'.replace('a', 'bb', -1), 'aaa'.replace('a', '', 2), 'aaaa'.replace('aa', 'x'))
print('é€x'.replace('', '|'), 'é€é'.replace('é', 'ab'), 'abc'.replace('x', 'y'))
print(repr(''.replace('', 'z')), repr(''.replace('a', 'z')), 'ab'.replace('', 'xy', 1))
for w in [-5, 0, 3, 4, 5, 6, 7]:
    print(repr('abc'.center(w, '€')), repr('ab'.center(w)), repr('abc'.ljust(w, '*')),
          repr('abc'.rjust(w, 'é')))
for s in ['-42', '+7', '', 'abc', '-', 'é']:
    print(repr(s.zfill(5)), repr(s.zfill(-1)))
for ts in [-1, 0, 1, 2, 4, 8]:
    print(repr('a\tbc\td\n\te\r\tf'.expandtabs(ts)))
print(repr('\t'.expandtabs()), repr('x\t\t'.expandtabs(3)))

print(b'abc'.replace(b'', b'-'), b'abc'.replace(b'', b'-', 2), b'abc'.replace(b'', b'-', 0))
print(b'aaaa'.replace(b'aa', b'x'), b'aaa'.replace(b'a', b'bb', 2), b'abc'.replace(b'abc', b''))
print(bytearray(b'abc').replace(b'b', b'BB'), bytearray(b'').replace(b'', b'x'))
print(b'-'.join([b'a', bytearray(b'b'), b'c']), b''.join([]), b','.join([b'x']))
print(bytearray(b', ').join([b'a', b'b']))
try:
    b'x'.join([b'a', 1])
except TypeError as e:
    print(e)
data = bytes(range(7))
for sep, n in [(':', 1), (':', 2), (':', -2), ('-', 3), (b'_', -3), ('.', 7), ('.', 100)]:
    print(data.hex(sep, n))
print(b''.hex(':'), b'\xff'.hex('-', 5), bytearray(b'\xab\xcd').hex())
print(repr(b"\x00'\"\\\x7f\x80\t\n\r"), repr(bytearray(b"'")), repr(bytearray(b"'\"")))
print(repr("a'b\"c\n\x00\u200b\U0001F600\x7f\xa0é"), repr("'"), repr('"'), repr("'\""))
print(len(repr('\x00' * 5000)), len(repr(bytes(5000))), repr([b'\x01' * 3, 'é' * 2]))
print(b'x' * 3, bytearray(b'ab') * 2, 'ab' * -1, [1] * 0, (1, 2) * 2, '' * (2 ** 62), b'' * (2 ** 62))
l = []
l *= 2 ** 62
m = [1, 2]
m *= 2
print(l, m, [] * (2 ** 62))

print((-1) ** -1, 0 ** 0, 7 ** 0, (-2) ** 3, 3 ** -2, (10 ** 20) ** 3, 2 ** 100)
print(pow(2, -1, 5), pow(-3, 3, -7), pow(3, 0, 1), pow(2, 10 ** 20, 10 ** 9 + 7))
print(1 >> 2 ** 62, (2 ** 100) >> 2 ** 70, 0 << 2 ** 70, -1 >> 2 ** 80)
print(10 ** 400 // 7 % 10, -(10 ** 400) % 7, divmod(-(10 ** 30), 7), 10 ** 400 / 10 ** 399)
print((3 ** 500).bit_length(), (10 ** 300 * 10 ** 300) == 10 ** 600, (7 ** 77) // (7 ** 70))
for f in [lambda: 10 ** 400 / 1, lambda: float(10 ** 400), lambda: pow(2, -1, 4),
          lambda: 0 ** -1, lambda: 1 << -1, lambda: 'x' * (2 ** 63), lambda: [0] * (2 ** 63),
          lambda: int('1' * 4301), lambda: str(10 ** 4300)]:
    try:
        f()
    except Exception as e:
        print(type(e).__name__, e)
print(int('1' * 5000, 2).bit_length(), int('0x' + 'f' * 3000, 16).bit_length(), len(str(10 ** 4299)))
