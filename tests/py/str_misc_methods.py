# encode, maketrans/translate, misc
print("hello".encode(), "héllo".encode("utf-8"), len("héllo".encode()), "abc".encode().decode())
t = str.maketrans("abc", "xyz")
print("aabbcc".translate(t), "hello".translate({ord("l"): None, ord("h"): "J"}))
print("a-b_c d".translate(str.maketrans("-_", "  ")), str.maketrans({"a": "1"}))
print("x".join("123"), "ab".join(["", "", ""]), "Hello"[::-1].lower())
print("abc".index("c"), "abc".upper().lower(), "  x ".strip().center(3, "-"))
print("%s" % "tab\there", repr("tab\there"), "back\\slash", len("\\"), r"raw\n", len(r"\n"))
print("abc" * 2 == "abcabc", "a" in "abc" and "d" not in "abc", "ABC".isupper() and not "AbC".isupper())
print(str.upper("x"), str.join(",", ["a", "b"]), type("").__name__, isinstance("s", str))
print("Mississippi".count("ss"), "Mississippi".replace("ss", "SS", 1), "Mississippi".split("ss"))
print("{:>5}".format("é"), "é".center(5, "·"), "日本".ljust(4, "_"))
print("%-6s|" % "日本", len("%5s" % "é"))
print(chr(97), ord("a"), [ord(c) for c in "AZaz09"], "".join(chr(c) for c in range(65, 71)))
for bad in (lambda: ord("ab"), lambda: ord(""), lambda: chr(-1), lambda: chr(0x110000), lambda: chr("a")):
    try:
        bad()
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)
