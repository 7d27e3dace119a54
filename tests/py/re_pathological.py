# re: patterns that backtrack exponentially in a naive engine finish quickly here (and on
# inputs small enough for CPython, which is exponential on some of them).
import re

print(re.match(r"(a*)*b", "a" * 18))
print(re.match(r"(a+)+b", "a" * 18))
print(re.search(r"(a|aa)+c", "a" * 20))
print(re.match(r"(x+x+)+y", "x" * 16))
print(re.fullmatch(r"(\w+\s?)+", "word " * 6 + "!"))
print(re.search(r"(.*a){8}", "a" * 8).span())
print(len(re.findall(r"\w+", "ab " * 2000)), len(re.sub(r"b", "xy", "ab" * 3000)))
print(re.search(r"(.*)*z", "y" * 16))
