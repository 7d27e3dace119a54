# re: sub, subn (templates and functions), split with groups and maxsplit.
import re

print(re.sub(r"\d", "#", "a1b22"), re.subn(r"\d", "#", "a1b22"))
print(re.sub(r"(\w+)@(\w+)", r"\2 at \1", "me@home you@work"))
print(re.sub(r"(?P<k>\w)=(?P<v>\w)", r"\g<v>=\g<k> \g<0>", "a=1, b=2"))
print(re.sub(r"x*", "-", "abxd"), re.sub("", "-", "ab"), re.sub("b*", "-", "abc"))
print(re.sub(r"a", "b", "aaaa", count=2), re.subn(r"a", "b", "aaaa", 3))
print(re.sub(r"(\d+)", lambda m: str(int(m.group(1)) * 2), "3 apples and 12 pears"))
print(re.sub(r"\s+", " ", "  many   spaces\there "))
print(re.sub(r"(a)|b", r"[\1]", "ab"), re.sub("a", r"\n\t\\", "a") == "\n\t\\")
print(re.sub("a", r"\0\101", "a") == "\x00A", re.sub("a", r"\.\%", "a"))
print(re.sub("(?i)HELLO", "bye", "hello Hello"), re.sub(r"^", ">", "a\nb", flags=re.M))
print(re.split(r"\W+", "Words, words, words."), re.split(r"(\W+)", "Words, words, words."))
print(re.split(r"\W+", "Words, words, words.", 1), re.split(r"\W+", "a b c", maxsplit=-1))
print(re.split(r"[a-f]+", "0a3B9", flags=re.I), re.split(r"(a)|(b)", "xaybz"))
print(re.split(r"\b", "a bc"), re.split(r"x*", "axbc"), re.split(r"", "ab"))
print(re.split(r"(?m)^$", "a\n\nb\n"), re.split(",", ""), re.split("x", "axbxc", 5))
p = re.compile(r"o")
print(p.sub("0", "foo boo"), p.subn(lambda m: m.group().upper(), "foo"), p.split("bozo"))
print(re.sub(r"(\d)(?=(\d{3})+$)", r"\1,", "1234567"))
for repl in [r"\g<2>", r"\g<x>", r"\g<", r"\g<a", r"\g<1x>", r"\q", r"\3", r"\g<>"]:
    try:
        re.sub(r"(a)", repl, "a")
    except (re.error, IndexError) as e:
        print(type(e).__name__, e)
try:
    re.sub("a", lambda m: 5, "a")
except TypeError as e:
    print("TypeError")
