# re: bytes patterns over bytes and bytearray (ASCII rules).
import re

p = re.compile(rb"(\w+)=(\d+)")
print(p.findall(b"a=1 bb=22 \xe9=3"), p.pattern, p.flags)
m = p.search(bytearray(b"x key=42"))
print(m.group(0), m.group(1), m.groups(), m.span(2), m)
print(re.sub(rb"\d", b"#", b"a1b2"), re.sub(rb"(\w)", rb"<\1>", b"ab"))
print(re.split(rb"[,;]\s*", b"a, b;c"), re.findall(rb"[\x80-\xff]", b"a\xe9\xff"))
print(re.findall(rb"(?i)ab", b"AB ab"), re.findall(rb"\s", b"\t\xa0 "), re.findall(b".", b"\x00\n"))
print(re.match(rb"\x41\101", b"AA"), re.fullmatch(rb"[^\W\d]+", b"abc_"))
print(re.sub(rb"a", lambda m: m.group().upper(), b"banana"), re.escape(b"1.5*2"))
try:
    re.compile(rb"\u0041")
except re.error as e:
    print("error:", e)
