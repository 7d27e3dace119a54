# bytes.strip() and friends return the object itself when there is nothing to strip;
# bytearray always makes a new object.
s = b"abc"
print(s.strip() is s, s.lstrip() is s, s.rstrip(b"x") is s)
print(b" a ".strip(), b"xxaxx".strip(b"x"), b"  ".strip())
ba = bytearray(b"abc")
r = ba.strip()
print(r is ba, r == ba, type(r).__name__)
