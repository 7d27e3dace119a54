#!/usr/bin/env python3
"""Generates cases.txt, the CPython-3.11 oracle table for vm-core/src/format/tests.rs.

Run from this directory:  python3 gen_cases.py > cases.txt

Line formats (fields separated by TAB, text fields escaped with esc()):
  R  <f64 bits hex>  <repr>
  F  <f64 bits hex>  <spec>  <result>      format(float, spec)
  I  <int>           <spec>  <result>      format(int, spec); <int> is [-]hex:dec
  S  <str>           <spec>  <result>      format(str, spec)
  P  <fmt>  <args>  <result>               fmt % tuple(args); args joined by ',':
                                           f:<bits> | i:<int> | s:<str>
<result> is '=' + text, or '!' + ExceptionName + ':' + message.
"""
import random
import struct
import sys

random.seed(1234)


def esc(s):
    out = []
    for c in s:
        o = ord(c)
        if c == '\\':
            out.append('\\\\')
        elif c in '\t\n\r,' or o < 32 or o > 126:
            out.append('\\u{%x}' % o)
        else:
            out.append(c)
    return ''.join(out)


def bits(x):
    return '%016x' % struct.unpack('<Q', struct.pack('<d', x))[0]


def enc_int(n):
    return '%s%x:%d' % ('-' if n < 0 else '', abs(n), abs(n))


def res(fn):
    try:
        out = fn()
        if any(0xd800 <= ord(c) < 0xe000 for c in out):
            # Documented deviation: Rust strings cannot hold lone surrogates.
            return '!ValueError:surrogate code points are not supported'
        return '=' + esc(out)
    except Exception as e:  # noqa: BLE001 - the oracle records every failure
        return '!%s:%s' % (type(e).__name__, esc(str(e)))


lines = []
long_budget = [150]  # keep a few very long results (huge 'f' outputs, wide fields), not all


def emit(*fields):
    line = '\t'.join(fields)
    if len(line) > 200:
        if long_budget[0] == 0:
            return
        long_budget[0] -= 1
    lines.append(line)


# ---------------------------------------------------------------- float values
def from_bits(b):
    return struct.unpack('<d', struct.pack('<Q', b))[0]


specials = [0.0, -0.0, float('inf'), float('-inf'), float('nan'), from_bits(0xfff8000000000000)]
halfway = [2.675, 0.125, 0.375, 2.5, 0.5, 1.5, 3.5, -0.5, -2.5, 1.005, 9.995, 0.045, 1.25, 1.35,
           0.0001, 0.00001, 1e-5, 123456789012345.0, 1234567890123456.0, 1e15, 1e16, 1e17, 1e22,
           1e23, 2e16 + 8, 1.5e300, 5e-324, 2.2250738585072014e-308, 1e-310, 1.7976931348623157e308,
           0.1, 0.2, 0.3, 1 / 3, 2 / 3, 100.0, 1e100, 12345.6789, 9.5, 10.5, 99.5, 999.5, 0.05,
           0.15, 0.25, 0.35, 8.5e-5, 123.456, 0.000123456, 1e-4, 9.9999e-5, 99999.5, 999999.5,
           9999999.5, 0.9999995, 0.99999995, 4.35, 1e21, 1e-7, 3.14159265358979, 2.0 ** 53,
           2.0 ** 53 + 2.0, 2.0 ** 63, 2.0 ** 64, 7.0, 42.0, 1e300 * 10, 6.02214076e23, 1.602e-19]
floats = list(specials) + halfway + [-x for x in halfway]
for e in range(-325, 309, 7):
    for m in (1.5, 1.2345678901234567):
        try:
            floats.append(float('%re%d' % (m, e)))
        except OverflowError:
            pass
for _ in range(120):
    while True:
        x = from_bits(random.getrandbits(64))
        if x == x and abs(x) != float('inf'):
            break
    floats.append(x)
for _ in range(150):
    floats.append(round(random.uniform(-1e6, 1e6), random.randint(0, 6)))
for _ in range(60):
    floats.append(random.randint(-10 ** 6, 10 ** 6) / 8)

repr_only = []
for _ in range(3000):
    while True:
        x = from_bits(random.getrandbits(64))
        if x == x and abs(x) != float('inf'):
            break
    repr_only.append(x)
for x in floats + repr_only:
    emit('R', bits(x), res(lambda: repr(x)))

core_float_specs = ['', 'e', 'E', 'f', 'F', 'g', 'G', 'n', '%', '.0e', '.3e', '.0f', '.2f',
                    '.3f', '.10f', '.0g', '.1g', '.3g', '.17g', '.20e', '.1', '.3', '.12', '#',
                    '#.0f', '#.0e', '#g', '#.3g', '#.1', '+', ' ', '+.2e', 'z.1f', 'z', '-.2f',
                    '15', '<15', '^15', '=+15.3f', '015.3f', ',.2f', '_', ',', '.1%', 'z.3g',
                    '#.3', '+.0%', ',e', '*^20,.3f', '020,.2f', '0=20_']
extra_float_specs = ['.30f', '.50e', '.25g', '#.10g', '.40', 'x<10.1e', '€>12.2f', '-^9', '09',
                     '010', '0<10', '010,', '011,.1f', '08_.1f', '+010.2e', ' 012,g', '=10',
                     '0=10', ',g', ',.3g', ',%', ',.0%', 'z+.1e', 'Z', ',n', 'd', 'x', 'c', 's',
                     '.2d', 'z#.0f', '#e', '#%', '#.0%', '#,.0f', '.999f', '.5F', '1', '0']
for i, x in enumerate(floats):
    specs = core_float_specs + (extra_float_specs if i % 3 == 0 or x in halfway or x in specials else [])
    for s in specs:
        emit('F', bits(x), esc(s), res(lambda: format(x, s)))

# ---------------------------------------------------------------- ints
ints = [0, 1, -1, 7, 9, 10, 99, 100, 255, -255, 999, 1000, -1000, 1234, 12345, 123456, 1234567,
        -1234567, 10 ** 20, -(10 ** 30), 2 ** 64, 2 ** 100 - 1, -(2 ** 63), 2 ** 63 - 1, 0x10ffff,
        0x110000, 65, 97, 0x20ac, 0x1f600, 0xd800, 10 ** 400, -(10 ** 309), 2 ** 1024 - 2 ** 970,
        2 ** 1024 - 2 ** 970 - 1, 9007199254740993, 2 ** 53 + 1, 123456789012345678901234567890,
        0xdeadbeef, -0xcafe, 0o777, 0b1011011]
ints += [random.randint(-10 ** 12, 10 ** 12) for _ in range(40)]
ints += [random.randint(-10 ** 40, 10 ** 40) for _ in range(20)]
int_specs = ['', 'd', 'b', 'o', 'x', 'X', 'n', 'c', '#b', '#o', '#x', '#X', ',', '_', '_b', '_o',
             '_x', '_X', '#_x', ',d', '_d', '+d', ' d', '-d', '010', '#010x', '010,', '0=+12,',
             '*^20,', '<10', '>10', '^11', '=10', 'x<8', 'e', '.3e', 'f', '.2f', '%', '.1%', 'g',
             'G', 'E', ',.2f', '.2', 'z', '+c', '#c', 's', ',b', ',x', ',c', '_c', 'q', '=^10', '5c',
             '<5c', '0=5c', '^5c', ',n', 'n', '#', '+', ' ', '0', '00', '020_b', '#020_b',
             '#0=20_X', '09,', '06,', '05,', '04,', '+08_d', '#-x', '>#12_o', 'F', '.0f', '#.0f',
             '_e', ',g', '.3', '+#x', ' #o', '€^9', 'é', '\x01', 'z.1f', '30,', '0=30,']
for n in ints:
    for s in int_specs:
        emit('I', enc_int(n), esc(s), res(lambda: format(n, s)))

# ---------------------------------------------------------------- strings
strs = ['', 'a', 'abc', 'hello world', 'ñandú', '日本語', '😀x', 'tab\there', 'a,b']
str_specs = ['', 's', '10', '<10', '>10', '^10', '^9', '*^11', '.2', '10.2', '.0', '05', '<05',
             '=10', '+', ' ', '-', 'z', '#', ',', '_', 'd', 'x<7.3s', '€>8', '0', '010.1', '>05',
             '^', '.100', '3', '.1s', ',s', 'S', '0=5', '\x00<5']
for st in strs:
    for s in str_specs:
        emit('S', esc(st), esc(s), res(lambda: format(st, s)))

# ---------------------------------------------------------------- spec fuzz
alphabet = '<>=^+- z#0123456789,_.%efgxdsbcnEFGXo*'
for _ in range(3000):
    s = ''.join(random.choice(alphabet) for _ in range(random.randint(0, 6)))
    x = random.choice([1.5, -0.0, 1234.5678, -1e20, float('inf')])
    emit('F', bits(x), esc(s), res(lambda: format(x, s)))
    n = random.choice([0, 42, -1234567, 2 ** 70])
    emit('I', enc_int(n), esc(s), res(lambda: format(n, s)))
    emit('S', esc('abc'), esc(s), res(lambda: format('abc', s)))


# ---------------------------------------------------------------- percent
def enc_arg(a):
    if isinstance(a, float):
        return 'f:' + bits(a)
    if isinstance(a, int):
        return 'i:' + enc_int(a)
    return 's:' + esc(a)


def emit_p(fmt, args):
    emit('P', esc(fmt), ','.join(enc_arg(a) for a in args), res(lambda: fmt % tuple(args)))


pf = ['%e', '%.3e', '%E', '%f', '%.0f', '%.2f', '%F', '%g', '%.3g', '%G', '%#g', '%#.3g',
      '%#.0f', '%#.0e', '%10.3f', '%-10.3f', '%+f', '% f', '%010.2f', '%-010.2f', '%+010.2f',
      '% 010.2f', '%s', '%r', '%.2s', '%12s', '%-12r', '%.0e', '%.0g', '%#.0g', '%.20g', '%.15f',
      '%+.3e', '%-+12.4G', '%012g', '%5.1f%%', 'x=%07.2f!', '%.*f', '%*.*e', '%-*g']
for x in floats[:: 3]:
    for f in pf:
        args = [x]
        if '*' in f:
            args = [random.randint(-12, 12) for _ in range(f.count('*'))] + [x]
        emit_p(f, args)
pi = ['%d', '%i', '%u', '%o', '%x', '%X', '%#o', '%#x', '%#X', '%5d', '%-5d', '%05d', '%+d', '% d',
      '%.3d', '%8.3d', '%-8.3x', '%#08x', '%#8x', '%#-8x', '%+#010X', '%e', '%.2f', '%g', '%s',
      '%r', '%+.5o', '% #.4x', '%-+06d', '%ld', '%hx', '%Lo', '%*d', '%.*x', '%0*.*d', '%c']
for n in ints:
    for f in pi:
        if f == '%c' and not (0 <= n < 0xd800):
            continue
        args = [n]
        if '*' in f:
            args = [random.randint(-12, 12) for _ in range(f.count('*'))] + [n]
        emit_p(f, args)
ps = ['%s', '%5s', '%-5s', '%.2s', '%5.1s', '%05s', '%+s', '% s', '%-05.3s', '%#s', '%.0s', '%c',
      '%3c', '%-3c', '%*s', '%-*.*s']
for st in strs:
    for f in ps:
        if f.endswith('c') and len(st) != 1:
            continue
        args = [st]
        if '*' in f:
            args = [random.randint(-12, 12) for _ in range(f.count('*'))] + [st]
        emit_p(f, args)
# Fuzz: random format strings against small int argument tuples.
palpha = '%%%%%-+ #0123456789.*hlLdisxXoeEfFgGrcy%ab(),'
for _ in range(4000):
    fmt = ''.join(random.choice(palpha) for _ in range(random.randint(1, 9)))
    args = [random.choice([7, -3, 12, 0, 255, 65]) for _ in range(random.randint(0, 4))]
    emit_p(fmt, args)

sys.stdout.write('\n'.join(lines) + '\n')
