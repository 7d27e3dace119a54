# Produces parser/unicode_names.bin: the character names `\N{...}` accepts in CPython 3.11
# (its unicodedata, Unicode 14.0.0), and the Rust table of algorithmic name ranges printed
# on stdout (pasted into parser/unicode_names.rs).
# Usage: python3 unicode_names.py ../parser/unicode_names.bin
import struct, sys, unicodedata

ALGORITHMIC = ['CJK UNIFIED IDEOGRAPH-', 'CJK COMPATIBILITY IDEOGRAPH-', 'HANGUL SYLLABLE ',
               'KHITAN SMALL SCRIPT CHARACTER-', 'NUSHU CHARACTER-', 'TANGUT IDEOGRAPH-']
names, ranges = [], {}
for cp in range(0x110000):
    n = unicodedata.name(chr(cp), None)
    if n is None:
        continue
    p = next((q for q in ALGORITHMIC if n.startswith(q)), None)
    if p:
        r = ranges.setdefault(p, [])
        if r and r[-1][1] == cp - 1:
            r[-1][1] = cp
        else:
            r.append([cp, cp])
        continue
    names.append((cp, n))

# Aliases (NameAliases.txt, as perl ships it) that CPython's `\N{...}` accepts.
aliases = []
lines = open('/usr/share/perl/5.36.0/unicore/Name.pl').read().split('\n')
for i in range(len(lines) - 1):
    code, name = lines[i].strip(), lines[i + 1].strip()
    if not code or ' ' in code or not all(c in '0123456789ABCDEF' for c in code) or not name:
        continue
    cp = int(code, 16)
    if unicodedata.name(chr(cp), None) == name:
        continue
    try:
        ok = eval('"\\N{%s}"' % name) == chr(cp)
    except SyntaxError:
        ok = False
    if ok and (name, cp) not in aliases:
        aliases.append((name, cp))

freq = {}
for _, n in names:
    for w in n.split(' '):
        freq[w] = freq.get(w, 0) + 1
words = sorted(freq, key=lambda w: (-freq[w], w))
index = {w: i for i, w in enumerate(words)}
ONE = 0xBF  # word indices below this take one byte; 0xBF ends a name
assert len(words) < ONE + 64 * 256
name_bytes = bytearray()
code_bytes = bytearray()
prev = -1
for cp, n in names:
    for w in n.split(' '):
        i = index[w]
        if i < ONE:
            name_bytes.append(i)
        else:
            j = i - ONE
            name_bytes += bytes([0xC0 | (j >> 8), j & 0xFF])
    name_bytes.append(ONE)
    d = cp - prev
    prev = cp
    while d >= 0x80:
        code_bytes.append(0x80 | (d & 0x7F))
        d >>= 7
    code_bytes.append(d)
word_bytes = '\n'.join(words).encode()
alias_bytes = ''.join('%s;%X\n' % a for a in aliases).encode()
with open(sys.argv[1], 'wb') as f:
    f.write(struct.pack('<4I', len(word_bytes), len(name_bytes), len(code_bytes), len(alias_bytes)))
    f.write(word_bytes + name_bytes + code_bytes + alias_bytes)
print('/// Names made of a prefix and the code point in hex, with the ranges they cover.')
print('const HEX_NAMED: &[(&str, &[(u32, u32)])] = &[')
for p in ALGORITHMIC:
    if p in ranges and p.endswith('-'):
        print('    (%r, &[%s]),' % (p, ', '.join('(0x%X, 0x%X)' % tuple(r) for r in ranges[p])))
print('];')
print('// %d names, %d words, %d aliases; %d bytes' % (len(names), len(words), len(aliases),
      16 + len(word_bytes) + len(name_bytes) + len(code_bytes) + len(alias_bytes)), file=sys.stderr)
