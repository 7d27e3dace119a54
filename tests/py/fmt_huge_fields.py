# Widths and precisions far beyond the usual: exact results (shown by length and ends),
# CPython's errors for what it refuses, and nan/inf with every flag.

def show(s):
    print(len(s), repr(s[:8]), repr(s[-8:]))

x = 1.5
for conv in 'eEfFgG':
    show(('%.65536' + conv) % x)
    show(('%#.65536' + conv) % -x)
for spec in ['.65536f', '.65536e', '.65536g', '#.65536G', '.65536%', '.70000n', ',.66000f', '_.66000e']:
    show(format(2.5e-300, spec))
    show(format(-12345.678, spec))
show(f'{x:.65536f}')
show(f'{x:>70000.3f}')
show('{:.65536F}'.format(x))
show('{:{}.{}e}'.format(x, 66000, 65540))
show('%*.*f' % (-70000, 65536, x))
show('%0+70000.2f' % -x)
show('%070000d' % -5)
show('%.70000x' % 255)
show('%#70000o' % 8)
show(format(7, '=+070000,'))
show(format(255, '#_b'))
show(format(2 ** 64, '^70001_x'))
show('{:€^65537}'.format('ab'))
show('x'.center(65536, '\u20ac'))
show('-42'.zfill(65536))
show('a\tb'.expandtabs(65536))

# The exact digits of a double end; zeros follow.
tiny = 5e-324
s = format(tiny, '.1200f')
print(len(s), s.rstrip('0')[-12:], len(s.rstrip('0')))
s = format(tiny, '.900e')
print(len(s), s[:20], s[-10:])
print(format(0.1, '.60f'))
print('%.40g' % (1 / 3))

for v in [float('nan'), float('inf'), float('-inf')]:
    out = []
    for spec in ['', '+', ' ', '010', '+010', '<10', '^10', '=+10', '#', ',', '_', 'z', 'e', '.3f',
                 '#.3g', '%', 'E', 'F', 'G', 'n', '+#010,.2%', '0=10', 'x<+10', 'z^+#11_.1e']:
        out.append(format(v, spec))
    print('|'.join(out))
    print('|'.join(c % v for c in ['%f', '%+f', '% f', '%010f', '%-10e|', '%#G', '%+010.3E', '%F']))

def err(f):
    try:
        f()
    except Exception as e:
        print(type(e).__name__, e)

err(lambda: '%.*f' % (2 ** 31, x))
err(lambda: '%.*f' % (2 ** 63, x))
err(lambda: '%*f' % (2 ** 63, x))
err(lambda: '%.*d' % (-2 ** 31 - 1, 1))
err(lambda: '%*d' % (1.5, 1))
err(lambda: '%.*s' % ('1', 'a'))
err(lambda: '%.2147483648f' % x)
err(lambda: '%9223372036854775808f' % x)
err(lambda: format(x, '.2147483648f'))
err(lambda: format(x, '9223372036854775808f'))
err(lambda: '{:>{}}'.format('x', 10 ** 20))
err(lambda: '%.2147483645d' % 1)
err(lambda: '%d' % float('nan'))
err(lambda: '%d' % float('-inf'))
err(lambda: '%x' % 2.0)
err(lambda: format(10 ** 5000, ','))
err(lambda: format(-10 ** 5000, 'n'))
err(lambda: '%d' % 10 ** 4300)
err(lambda: '%i' % 10 ** 5000)
err(lambda: format(10 ** 5000, 'e'))
err(lambda: '%c' % 2 ** 70)
err(lambda: format(2 ** 70, 'c'))
err(lambda: 'a\tb'.expandtabs(2 ** 31))
err(lambda: 'a'.center(2 ** 63))
print('%.*f' % (-1, x), '%.*s|' % (-5, 'abc'), '%*d|' % (-4, 7))
print(format(10 ** 4299, 'd')[-3:], len(format(10 ** 4299, ',')), '%x' % 10 ** 4300 == format(10 ** 4300, 'x'))
print(len(format(10 ** 5000, 'x')), format(10 ** 5000, '#_o')[:12], len(format(-10 ** 5000, 'b')))
