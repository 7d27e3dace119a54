# Unicode strings: indexing, len, slicing
s = "héllo wörld ✓ 日本語"
print(len(s), s[1], s[-1], s[12], s[6:11], s[::-1], s[::2])
print([c for c in "añb"], list("日本"), len("日本語"), "日本語"[1:])
print(ord('é'), ord('✓'), ord('日'), chr(233), chr(0x65e5), chr(128512) == '\U0001F600', len('\U0001F600'))
print('é'.upper(), 'ÄÖÜ'.lower(), 'straße'.upper(), 'ǅ'.lower(), 'ß'.lower())
print("naïve café".title(), "ÉCOLE".capitalize(), "Ωmega".swapcase())
print('\u00e9' == 'é', '\x41\x42', '\t|'.expandtabs(4) + '|')
print('日本語'.encode('utf-8'), 'é'.encode(), 'abc'.encode('ascii'), b'\xc3\xa9'.decode('utf-8'))
print(repr('é\n\t\\\'"'), repr("it's"), repr('say "hi"'), repr('both \' and "'), repr('\x00\x7f\x80'))
print(ascii('héllo ✓'), repr('\u200b'), str('abc'))
print('é' < 'z', 'Z' < 'a', 'abc' < 'abd', 'ab' < 'abc', '' < 'a', sorted(['b', 'é', 'a', 'Z', '日']))
try:
    'é'.encode('ascii')
except UnicodeEncodeError as e:
    print(type(e).__name__, e, isinstance(e, UnicodeError), isinstance(e, ValueError))
try:
    b'\xff\xfe'.decode('utf-8')
except UnicodeDecodeError as e:
    print(type(e).__name__, e, isinstance(e, UnicodeError))
print(b'\xff'.decode('utf-8', 'replace'), b'a\xffb'.decode('utf-8', 'ignore'), 'é'.encode('ascii', 'replace'))
print('é'.encode('latin-1'), b'\xe9'.decode('latin-1'))
