# re: groups, named groups, backreferences, lastindex/lastgroup, groupdict.
import re

m = re.match(r"(?P<first>\w+) (?P<last>\w+)", "Jane Doe")
print(m.group("first"), m["last"], m.groupdict(), m.span("last"), m.start("first"))
print(m.lastindex, m.lastgroup, m.re.groupindex)
m = re.match(r"(a)(b)?(c)?", "ac")
print(m.groups(), m.groups("-"), m.group(2), m.start(2), m.end(2), m.span(2))
print(m.lastindex, re.match(r"((a)b)", "ab").lastindex, re.match(r"(a)(?:b)", "ab").lastindex)
print(re.match(r"(?P<x>a)|(?P<y>b)", "b").lastgroup, re.match("a", "a").lastindex)
print(re.match(r"(?:(a)|b)+", "ab").groups(), re.match(r"(a|b)*", "abab").group(1))
print(re.match(r"(a*)*", "aab").groups(), re.match(r"(a*)+", "b").groups())
print(re.match(r"(a|)*b", "aab").groups(), re.match(r"(?:a|())*", "aa").groups())
print(re.match(r"((a)|b)+", "ab").groups())
print(re.search(r"(\w)\1", "abccd").group(), re.search(r"(?P<c>\w)(?P=c)", "xyyz").span())
print(re.findall(r"(\w)(\1+)", "aabcccd"), re.match(r"(a)?b\1", "b"))
print(re.search(r"(?i)(a)\1", "aA"), re.match(r"(\d+)-\1", "12-12").group(1))
print(re.findall(r"(a)(b)", "abab"), re.findall(r"(a)|b", "ab"), re.findall(r"(a)(x)?", "a"))
m = re.search(r"(?P<year>\d{4})-(?P<month>\d\d)(-(?P<day>\d\d))?", "on 2024-05")
print(m.groupdict(), m.groupdict("?"), m.expand(r"\g<month>/\g<year>\g<4>!"), m.expand(r"\2.\1"))
for bad in ["(", 3, "nope", -1]:
    try:
        m.group(bad)
    except IndexError as e:
        print("IndexError", e)
print(m.group(True))
print(re.match(r"(?:x)", "x").groups(), re.compile(r"(a)(?P<b>b)(c)").groups)
print(re.match(r"(?#comment)a(?#x)b", "ab"))
