# re: lookahead and lookbehind, positive and negative.
import re

print(re.findall(r"\w+(?=!)", "hi! there yes!"), re.findall(r"\b\w+\b(?!!)", "hi! there yes!"))
print(re.findall(r"(?<=\$)\d+", "$10 and 20 $3"), re.findall(r"(?<!\$)\b\d+", "$10 and 20 $3"))
print(re.search(r"(?<=ab)c", "abc").span(), re.search(r"(?<=a|b)c", "bc").span())
print(re.search(r"(?<=^)a", "a"), re.search(r"(?<=a{2})b", "aab").span(), re.match(r"(?<=x)", "x"))
print(re.match(r"(?=(\w+))\w", "abc").groups(), re.match(r"(?!(a))\w", "b").groups())
print(re.findall(r"(?=(\w\w))", "abcd"), re.search(r"a(?=b)", "ac ab").start())
print(re.sub(r"(?<=\d)(?=(\d\d\d)+\b)", ",", "1234567 89"))
print(re.match(r"(?=a)*a", "a") is not None, re.search(r"q(?!u)", "quit qat").start())
print(re.fullmatch(r"(?=.*\d)(?=.*[a-z]).{6,}", "abc123"), re.fullmatch(r"(?=.*\d).{3}", "abc"))
print(re.search(r"(?<=(a))b", "ab").groups(), re.search(r"(?<!c)b", "cbab").start())
print(re.search(r"(?<=\bx)y", "x xy").start(), re.findall(r"(?<=[aeiou])\w", "rain tea"))
try:
    re.compile(r"(?<=a+)b")
except re.error as e:
    print("error:", e, e.pos)
try:
    re.compile(r"(?<=a|bc)d")
except re.error as e:
    print("error:", e)
