# str operators, comparison, repetition, iteration
a = "abc"
print(a + "def", a * 3, 3 * a, a * 0, a * -1, "-" * 10)
print(a == "abc", a != "abd", a < "abd", a > "ab", "B" < "a", "abc" <= "abc", max("hello"), min("hello"))
print(a[0], a[-1], a[1:], a[:-1], a[::-1], a[5:], a[-10:2], a[1:1])
try:
    a[3]
except IndexError as e:
    print(type(e).__name__, e)
try:
    a[0] = "x"
except TypeError as e:
    print(type(e).__name__, e)
try:
    a + 1
except TypeError as e:
    print(type(e).__name__, e)
try:
    a * "2"
except TypeError as e:
    print(type(e).__name__, e)
try:
    a * 2.0
except TypeError as e:
    print(type(e).__name__, e)
for i, ch in enumerate("xyz"):
    print(i, ch, end="; ")
print()
print(str(42), str(None), str(True), str([1, "a"]), str((1,)), str({"k": 'v'}), str(1.0), str(b"x"))
print(len(""), len("a\nb"), "".join(sorted("banana")), list(reversed("abc")))
s = ""
for i in range(5):
    s += str(i) * i
print(s, len(s))
print("%s" % "x", "abc".__len__(), "abc".__contains__("b"), "a".__add__("b"))
print(hash("abc") == hash("ab" + "c"), "ab" "cd", ("multi"
      "line"))
