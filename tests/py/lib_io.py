import io

s = io.StringIO()
print(s.write("hello\n"), s.write("world\nlast"), s.tell())
print(repr(s.getvalue()))
s.seek(0)
print(repr(s.readline()), repr(s.read(3)), repr(s.read()), repr(s.read()))
s.seek(0)
print([line for line in s], s.seek(0, io.SEEK_END), s.tell())
s.seek(2)
s.write("XY")
print(repr(s.getvalue()), s.truncate(4), repr(s.getvalue()))
s.seek(6)
s.write("!")
print(repr(s.getvalue()))
with io.StringIO("a\nb\nc") as f:
    print(f.readlines(), f.readable(), f.writable(), f.seekable(), f.closed)
print(f.closed)
for op in [f.read, f.getvalue, lambda: f.write("x")]:
    try:
        op()
    except ValueError as e:
        print(type(e).__name__, e)
for op in [lambda: io.StringIO(5), lambda: io.StringIO().write(b"x"), lambda: io.StringIO().seek(-1),
           lambda: io.StringIO().seek(0, 5)]:
    try:
        op()
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)
print(repr(io.StringIO("abc").read(-1)), repr(io.StringIO("ab\ncd").readline(1)))
out = io.StringIO()
print("to", "buffer", sep="-", file=out)
out.writelines(["x", "y\n"])
print(repr(out.getvalue()))

b = io.BytesIO(b"abc\ndef")
print(b.read(2), b.readline(), b.tell(), b.read(), b.write(b"XYZ"), b.getvalue())
b.seek(1)
b.write(bytearray(b"__"))
print(b.getvalue(), list(io.BytesIO(b"1\n2\n")), b.seek(-2, 2), b.read())
with io.BytesIO() as bb:
    bb.write(b"\x00\x01")
    print(bb.getvalue(), bytes(bb.getbuffer()))
try:
    io.BytesIO().write("s")
except TypeError as e:
    print(type(e).__name__, e)
print(issubclass(io.UnsupportedOperation, OSError), issubclass(io.UnsupportedOperation, ValueError))
