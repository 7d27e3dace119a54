# split/rsplit/join/splitlines/partition
s = "  the quick  brown\tfox\njumps  "
print(s.split(), s.split(' '), s.split(None, 2), s.rsplit(None, 2))
print("a,b,,c,".split(","), "a,b,,c,".split(",", 2), "a,b,,c,".rsplit(",", 2), "".split(","), "".split())
print("a::b::c".split("::"), "abc".split("abc"), "x".rsplit("x"), "1 2 3".rsplit(maxsplit=1))
print("-".join(["a", "b", "c"]), "".join([]), ", ".join("xyz"), "|".join(map(str, range(5))))
try:
    ",".join([1, 2])
except TypeError as e:
    print(type(e).__name__, e)
try:
    "a".split("")
except ValueError as e:
    print(type(e).__name__, e)
print("line1\nline2\r\nline3\rline4".splitlines(), "a\n\nb\n".splitlines(), "a\nb\n".splitlines(True), "".splitlines())
print("key=value=x".partition("="), "key=value=x".rpartition("="), "novalue".partition("="), "novalue".rpartition("="))
try:
    "abc".partition("")
except ValueError as e:
    print(type(e).__name__, e)
words = "the cat sat on the mat the end".split()
print(len(words), words.count("the"), " ".join(reversed(words)), " ".join(sorted(set(words))))
csv = "name,age\nalice,30\nbob,25"
rows = [line.split(",") for line in csv.splitlines()]
print(rows, {r[0]: int(r[1]) for r in rows[1:]})
