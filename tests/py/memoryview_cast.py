# memoryview.cast between byte formats (B, b, c) and to wider native formats
raw = bytes([0, 1, 127, 128, 200, 255, 65, 66])
m = memoryview(raw)
b = m.cast("b")
c = m.cast("c")
print(b.tolist(), b.format, b.itemsize, b[3], b[-1], b.readonly)
print(c.tolist()[:4], c.format, c[6], c[6:].tobytes(), c == raw, b == raw, m.cast("B") == raw)
print(m.cast("@B").format, b.cast("B").tolist() == list(raw), c.cast("b")[4], m[2:6].cast("c").tolist())
ba = bytearray(8)
w = memoryview(ba)
h = w.cast("h")
i = w.cast("i")
q = w.cast("q")
print(len(h), len(i), len(q), h.itemsize, i.itemsize, q.itemsize, h.nbytes, i.strides, q.shape)
i[0] = -2
i[1] = 70000
print(ba, i.tolist(), h.tolist(), q[0], w.cast("H")[0], w.cast("I")[1])
h[3] = -1
print(ba, i[1], w.cast("Q")[0] > 0, w.cast("L").format)
wc = w.cast("c")
wc[0] = b"z"
wb = w.cast("b")
wb[1] = -1
print(ba[:2], wc[0], wb[0])
f = memoryview(bytearray(8)).cast("f")
f[0] = 1.5
f[1] = -2
print(f.tolist(), f.format)
d = memoryview(bytearray(16)).cast("d")
d[0] = 0.1
d[1] = 1e300
print(d.tolist(), d.itemsize)
t = memoryview(bytearray(b"\x00\x01\x02")).cast("?")
t[0] = "yes"
print(t.tolist())
print(w.cast("i", [2]).tolist(), w.cast("B", shape=[8]).shape)
def attempt(label, f):
    try:
        print(label, f())
    except Exception as e:
        print(label, type(e).__name__, e)
attempt("multiple", lambda: memoryview(b"abc").cast("i"))
attempt("strided", lambda: memoryview(b"abcd")[::2].cast("B"))
attempt("format", lambda: memoryview(b"abcd").cast("x"))
attempt("two chars", lambda: memoryview(b"abcd").cast("BB"))
attempt("not str", lambda: memoryview(b"abcd").cast(1))
attempt("non-byte", lambda: i.cast("h"))
attempt("shape", lambda: w.cast("i", [3]))
attempt("length h", lambda: len(h.tolist()))
def set_h():
    h[0] = 40000
def set_c():
    wc[0] = b"ab"
def set_c_type():
    wc[0] = 1
def set_f():
    f[0] = "x"
def set_b():
    wb[0] = 128
def set_q_big():
    q[0] = 2 ** 63
for fn in (set_h, set_c, set_c_type, set_f, set_b, set_q_big):
    attempt(fn.__name__, fn)
