# re: re.error messages and positions for bad patterns, and type errors.
import re

bad = ["(", "(a", "a)", "*", "a**", "a{2}{3}", "+a", "?", "[a", "[z-a]", "\\", "\\q",
       "(?P<n>a)(?P<n>b)", "(?P=x)", "(?P<1>a)", "(?P<>a)", "(?Px)", "(?<x)", "\\2(a)",
       "(a)\\2", "a{3,2}", "x(?i)", "[\\w-z]", "(?z)", "\\x4", "(?P<a", "(a)(?P=a",
       "a|*", "\\u12", "(?#abc", "((a)", "[]", "[^]", "a\n(b"]
for p in bad:
    try:
        re.compile(p)
        print("compiled", repr(p))
    except re.error as e:
        print(repr(p), "->", e, "|", e.msg, e.pos, e.lineno, e.colno)
print(issubclass(re.error, Exception), re.error("m").pos, str(re.error("m", "pat", 1)))
for f in [lambda: re.search("a", 3), lambda: re.search("a", b"a"), lambda: re.search(b"a", "a"),
          lambda: re.compile(3), lambda: re.compile(re.compile("a"), re.I),
          lambda: re.sub(b"a", "x", b"a")]:
    try:
        f()
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)
try:
    re.compile("((")
except re.error as e:
    print(type(e).__name__, e)
