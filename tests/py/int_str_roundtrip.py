# str/repr of integers and digit handling
for n in [0, -0, 7, -7, 10 ** 18, -(10 ** 18), 2 ** 63 - 1, -(2 ** 63), 2 ** 1000 % 10 ** 25]:
    s = str(n)
    print(s, repr(n), int(s) == n, len(s))
n = 2 ** 3000
s = str(n)
print(len(s), s[:15], s[-15:])
print(sum(int(c) for c in str(2 ** 1000)))
digits = [int(c) for c in str(9876543210)]
print(digits, int(''.join(map(str, reversed(digits)))))
print(f"{12345678:,}", f"{-12345678:_}", f"{255:x}", f"{255:#X}", f"{5:08b}", f"{42:+d}", f"{42: d}")
print(format(1234567, ','), format(-42, '>8'), format(42, '<6') + '|', format(42, '^7') + '|', format(-42, '=8'))
print('%d %i %5d %-5d| %05d %+d %x %X %o %#x %#o' % (42, 42, 42, 42, 42, 42, 255, 255, 8, 255, 8))
