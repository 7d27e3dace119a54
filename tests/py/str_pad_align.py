# center/ljust/rjust/zfill/expandtabs
for w in ["a", "abc", "abcdef"]:
    print("[" + w.center(7) + "]", "[" + w.center(8, "*") + "]", "[" + w.ljust(6, ".") + "]", "[" + w.rjust(6) + "]")
print("42".zfill(5), "-42".zfill(5), "+42".zfill(5), "abc".zfill(5), "12345".zfill(3), "".zfill(2))
print("a\tb\tc".expandtabs(), "a\tb\tc".expandtabs(4), "ab\tcd\te".expandtabs(3), "\t".expandtabs(0) + "|")
try:
    "x".center(5, "ab")
except TypeError as e:
    print(type(e).__name__, e)
table = [("apple", 1.5, 10), ("kiwi", 0.25, 200), ("watermelon", 3.0, 2)]
for name, price, qty in table:
    print(name.ljust(12) + str(price).rjust(6) + str(qty).rjust(5))
