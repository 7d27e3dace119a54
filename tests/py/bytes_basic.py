# bytes: indexing gives ints, slicing, methods, repr
b = b"hello\x00\xff\n'\""
print(b, len(b), b[0], b[-1], b[1:4], b[::-1][:3], type(b[0]).__name__, type(b[0:1]).__name__)
print(list(b"abc"), bytes([65, 66, 67]), bytes(3), bytes("é", "utf-8"), bytes(b"x"), bytes())
print(b"abc" + b"def", b"ab" * 3, b"a" in b"abc", 97 in b"abc", b"abc" == b"abc", b"abc" < b"abd")
print(b"hello world".split(), b"a,b,c".split(b","), b"-".join([b"a", b"b"]), b"  x ".strip())
print(b"hello".find(b"l"), b"hello".rfind(b"l"), b"hello".find(b"z"), b"hello".count(b"l"), b"hello".index(b"o"))
print(b"hello".replace(b"l", b"L"), b"Hello".upper(), b"Hello".lower(), b"hello".startswith(b"he"), b"hello".endswith((b"x", b"lo")))
print(b"\xde\xad\xbe\xef".hex(), bytes.fromhex("deadbeef"), bytes.fromhex("00 ff 10"), b"abc".hex("-"))
print(b"caf\xc3\xa9".decode(), b"abc".decode("ascii"), repr(b"\t\r\n\\"), repr(b"\x7f\x80"))
print(b"x".isalpha(), b"12".isdigit(), b"ab".isupper(), b" ".isspace())
try:
    b"abc"[5]
except IndexError as e:
    print(type(e).__name__, e)
try:
    b"abc"[0] = 1
except TypeError as e:
    print(type(e).__name__, e)
try:
    b"abc" + "def"
except TypeError as e:
    print(type(e).__name__, e)
try:
    bytes([256])
except ValueError as e:
    print(type(e).__name__, e)
try:
    bytes.fromhex("zz")
except ValueError as e:
    print(type(e).__name__, e)
try:
    bytes("abc")
except TypeError as e:
    print(type(e).__name__, e)
print(hash(b"ab") == hash(b"ab"), {b"k": 1}[b"k"], sorted([b"b", b"a", b"ab"]))
print(bytes(range(65, 70)), b"%d bytes" % 5, b"ab".center(6, b"*"), b"a b".title())
