# String and bytes literal forms: prefixes in any case, quotes, escapes, concatenation.
print('a', "b", '''c''', """d""", u'e', U'f')
print(r'\d', R'\d', b'g', B'g', rb'\x', br'\x', Rb'\x', bR'\x', RB'\x', BR'\x', rB'\x', Br'\x')
print(repr('\a\b\f\n\r\t\v\\\'\"'), repr('\0\7\101\1011\400\777'))
print(repr('\x41\x4a\u0041\u00e9\U0001F600\U00000041'))
print(repr('\N{BULLET}\N{LATIN SMALL LETTER A}\N{latin capital letter b}\N{GREEK SMALL LETTER ALPHA}'))
print(repr('\N{LF}\N{NBSP}\N{EM DASH}\N{CJK UNIFIED IDEOGRAPH-4E00}\N{HANGUL SYLLABLE GAG}'))
print(repr('\N{SNOWMAN}\N{EURO SIGN}\N{CJK COMPATIBILITY IDEOGRAPH-F900}\N{BYTE ORDER MARK}'))
print(len('\N{ZERO WIDTH SPACE}'), ord('\N{TIBETAN MARK GTER YIG MGO -UM RNAM BCAD MA}'))
print(repr(b'\x00\xff\777\n\\'), list(b'\a\b\t'))
# Unknown escapes stay as they are (CPython only warns, and not for these in raw strings).
print(repr(r'\q\d\w'), len(r'\8'))
print('one' 'two' "three" '''four''' r'\five' f'{6}')
print(b'bytes' b'more' rb'\raw')
s = 'first \
second'
print(s)
t = '''line 1
line 2\
 continued
"quotes" and 'quotes' inside'''
print(t)
print("it's", 'say "hi"', """a "b" 'c'""", '''x''' "y")
print(len('\U0010FFFF'), len('é'), len(b'\xe9'), '\u20ac'.encode())
print('tab\there', 'nl\\n', r'raw\tab', R"raw\"quote")
print('\
')
