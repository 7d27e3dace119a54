# re: flags (IGNORECASE, MULTILINE, DOTALL, VERBOSE, ASCII), inline flags, repr.
import re

print(re.I, re.IGNORECASE, re.M, re.S, re.X, re.A, re.U, re.NOFLAG)
print(re.findall("ab", "AB ab Ab", re.I), re.findall("[a-c]+", "ABCabcD", re.IGNORECASE))
print(re.findall("é", "É é", re.I), re.findall("é", "É é", re.I | re.A))
print(re.findall(r"[^a]", "AaB", re.I), re.match(r"\w+", "ÀÉÎ").group(), re.match(r"\w+", "ÀÉÎ", re.A))
print(re.findall("^x", "x\nx"), re.findall("^x", "x\nx", re.M), re.findall("x$", "x\nx\n", re.M))
print(re.findall("a.b", "a\nb"), re.findall("a.b", "a\nb", re.S), re.findall("(?s)a.b", "a\nb"))
verbose = re.compile(r"""
    (\d+)   # digits
    \s* [.] # a dot
    [ ]x    # a space in a class stays
""", re.X)
print(verbose.match("12 . x").groups(), verbose.groups)
print(re.match(r"(?x) a b # c", "ab"), re.match(r"(?i)(?m)^A", "b\na", re.S))
print(re.compile("a").flags, re.compile("a", re.I).flags, re.compile("(?i)a").flags)
print(re.compile("(?s)(?x)a").flags, re.compile("a", re.A).flags, re.compile(b"a").flags)
print(re.compile("(?a)a").flags, re.compile(b"(?i)a").flags)
print(repr(re.compile("x")), repr(re.compile("x", re.I | re.M)), repr(re.compile(b"x", re.S)))
print(repr(re.compile("x", re.A)), repr(re.compile("a'b")))
print(re.match(r"\s", "\x1c"), re.match(r"\s", "\x1c", re.A), re.match(r"\s", "\u00a0"))
print(re.match(r"\d", "\u0663"), re.match(r"\d", "\u0663", re.ASCII))
print(re.search(r"\bé", " é"), re.search(r"\bé", " é", re.A))
for args in [("a", re.A | re.U), ("a", re.L), (b"a", re.U)]:
    try:
        re.compile(*args)
    except ValueError as e:
        print("ValueError", e)
