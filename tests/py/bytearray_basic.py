# bytearray: mutation and methods
ba = bytearray(b"hello")
print(ba, len(ba), ba[0], ba[1:3], type(ba[1:3]).__name__)
ba[0] = 72
ba.append(33)
ba.extend(b" ok")
ba.extend([65, 66])
print(ba, ba.pop(), ba.pop(0), ba)
ba[1:3] = b"XYZ"
print(ba)
del ba[0]
del ba[-2:]
print(ba, ba.decode())
ba.insert(0, 95)
ba.reverse()
print(ba, ba.hex(), bytearray.fromhex("41 42"), ba.find(b"Y"), ba.count(b"o"))
ba2 = bytearray(b"a,b,c")
print(ba2.split(b","), bytearray(b"-").join([b"x", b"y"]), ba2.replace(b",", b";"), ba2.upper())
print(bytearray(3), bytearray([1, 2]), bytearray("é", "utf-8"), bytearray(b"x") == b"x", bytes(bytearray(b"q")))
print(repr(bytearray(b"\x00\n'")), bytearray(b"ab") + b"cd", bytearray(b"ab") * 2)
b3 = bytearray(b"abc")
b3 += b"def"
print(b3, b3.remove(ord("c")), b3, b3.index(b"e"))
for bad in (lambda: ba.append(256), lambda: ba.append("a"), lambda: bytearray().pop(), lambda: ba.__setitem__(0, -1), lambda: b3.remove(200)):
    try:
        bad()
    except (ValueError, TypeError, IndexError) as e:
        print(type(e).__name__, e)
b4 = bytearray(b"0123456789")
b4[::2] = b"abcde"
print(b4)
try:
    b4[::2] = b"ab"
except ValueError as e:
    print(type(e).__name__, e)
b4.clear()
print(b4, len(b4))
