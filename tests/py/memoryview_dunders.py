# memoryview has __len__, __getitem__, __setitem__ and __iter__ as attributes, and struct
# unpacks from a view's bytes.
import struct

m = memoryview(bytearray(b"abcd"))
print(hasattr(m, "__len__"), hasattr(m, "__getitem__"), hasattr(m, "__iter__"))
print(m.__len__(), m.__getitem__(1), list(m.__iter__()))
m.__setitem__(0, 65)
print(m.tobytes())
print(bytes(m.__getitem__(slice(1, 3))))

buf = b"0123456789"
print(struct.unpack("<h", memoryview(buf)[1:3]))
print(struct.unpack_from("<i", memoryview(buf), 2))
print(struct.unpack("<2H", memoryview(buf).cast("H")[1:3]))
print(list(struct.iter_unpack("<h", memoryview(buf)[:4])))
