# find/rfind/index/count/replace/startswith/endswith
s = "abracadabra"
print(s.find("bra"), s.rfind("bra"), s.find("x"), s.rfind("x"), s.find("a", 1), s.find("a", 1, 3), s.find(""), s.rfind(""))
print(s.index("cad"), s.rindex("a"), s.count("a"), s.count("abra"), s.count(""), s.count("a", 4), "aaaa".count("aa"))
try:
    s.index("zzz")
except ValueError as e:
    print(type(e).__name__, e)
try:
    s.rindex("q")
except ValueError as e:
    print(type(e).__name__, e)
print(s.replace("a", "A"), s.replace("a", "A", 2), s.replace("", "-"), s.replace("abra", ""), "aaa".replace("a", "aa"))
print(s.startswith("abr"), s.startswith("bra"), s.startswith("bra", 1), s.endswith("bra"), s.endswith(("x", "ra")), s.startswith(("a", "b")), s.endswith("abra", 0, 4))
try:
    s.startswith(["a"])
except TypeError as e:
    print(type(e).__name__, e)
print("bra" in s, "xyz" in s, "" in s, "A" not in s)
try:
    1 in "abc"
except TypeError as e:
    print(type(e).__name__, e)
text = "one two three two one"
pos = []
i = text.find("two")
while i != -1:
    pos.append(i)
    i = text.find("two", i + 1)
print(pos)
