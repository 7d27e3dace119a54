import struct

print(struct.pack("<hHiI", -2, 65535, -70000, 4000000000), struct.pack(">q", -3))
print(struct.pack("!HbB?", 258, -1, 255, 5), struct.pack("<Q", 2 ** 64 - 1))
print(struct.pack("<d", 1.5), struct.pack(">f", -0.1), struct.pack("<e", 65504.0), struct.pack("<e", 1e-7))
print(struct.unpack("<d", struct.pack("<d", 3.141592653589793)), struct.unpack(">f", struct.pack(">f", 0.1)))
print(struct.unpack("<e", b"\x00\x3c"), struct.unpack("<f", b"\x00\x00\x80\x7f"), struct.unpack("<d", b"\x00" * 7 + b"\x80"))
print(struct.unpack("<f", struct.pack("<f", float("nan")))[0] != struct.unpack("<f", struct.pack("<f", float("nan")))[0])
print(struct.unpack("<f", struct.pack("<f", 1e-45)), struct.pack("<d", float("-inf")))
print(struct.pack("5s", b"ab"), struct.pack("2s", b"abcd"), struct.pack("4p", b"abcdef"), struct.pack("c3x", b"z"))
print(struct.unpack("<5s", b"hello"), struct.unpack("4p", b"\x02abc"), struct.unpack("cc", b"xy"))
print(struct.calcsize("@bi"), struct.calcsize("<bi"), struct.calcsize("@bq"), struct.calcsize("=l"),
      struct.calcsize("@l"), struct.calcsize("3s2x"), struct.calcsize("0i"), struct.calcsize("<2h3d"))
print(struct.pack("@bi", 1, 2), struct.pack("=bi", 1, 2), struct.unpack("@hq", struct.pack("@hq", 7, -8)))
rec = struct.Struct("<I4sh")
data = rec.pack(7, b"name", -5)
print(rec.size, rec.format, data, rec.unpack(data))
buf = bytearray(10)
struct.pack_into("<hh", buf, 2, 513, -1)
rec2 = struct.Struct(">H")
rec2.pack_into(buf, 8, 0xABCD)
print(buf, struct.unpack_from("<hh", buf, 2), struct.unpack_from(">H", buf, offset=-2), rec2.unpack_from(buf, 8))
print(list(struct.iter_unpack("<hb", b"\x01\x00\x02\x03\x00\x04")), list(rec2.iter_unpack(b"\x00\x01\x00\x02")))
print(struct.unpack("<?I", b"\x02\x01\x00\x00\x00"), struct.unpack(b">i", b"\xff\xff\xff\xfe"))
cases = [
    lambda: struct.pack("b", 200), lambda: struct.pack("<B", -1), lambda: struct.pack("h", 1 << 16),
    lambda: struct.pack("<i", 1 << 40), lambda: struct.pack("<Q", -1), lambda: struct.pack("<I", -1),
    lambda: struct.pack("<i", 1.5), lambda: struct.pack("<d", "x"), lambda: struct.pack("<hh", 1),
    lambda: struct.pack("<h", 1, 2), lambda: struct.pack("<5s", "str"), lambda: struct.pack("c", b"ab"),
    lambda: struct.unpack("<i", b"abc"), lambda: struct.calcsize("<y"), lambda: struct.calcsize("<n"),
    lambda: struct.unpack_from("<i", b"abcde", 2), lambda: struct.pack_into("<i", bytearray(5), 2, 1),
    lambda: list(struct.iter_unpack("<h", b"abc")), lambda: struct.pack("<e", 1e10),
    lambda: struct.pack("<f", 1e300), lambda: struct.unpack("<h", "ab"), lambda: struct.calcsize("5"),
]
for f in cases:
    try:
        f()
    except (struct.error, OverflowError, TypeError) as e:
        print(type(e).__name__, e)
print(issubclass(struct.error, Exception), struct.error.__name__)
