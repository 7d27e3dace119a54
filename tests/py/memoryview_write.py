# Writing through memoryviews of a bytearray, the exports that keep it from resizing
# (BufferError), release() and the context manager, and use after release
ba = bytearray(b"hello world")
v = memoryview(ba)
v[0] = ord("H")
v[6:11] = b"WORLD"
print(ba, v.readonly, v[6:].tobytes())
s = v[6:]
s[0] = 119
s[-1] = 100
print(ba, s.strides, s.shape, s.tobytes())
e = v[::2]
e[:] = b"ABCDEF"
print(ba, e.contiguous, e.tolist())
v[1:3] = memoryview(b"xy")
v[3:5] = bytearray(b"--")
print(ba)
def attempt(label, f):
    try:
        print(label, f())
    except Exception as e:
        print(label, type(e).__name__, e)
def grow(op):
    def run():
        op()
        return bytes(ba)
    return run
attempt("append", grow(lambda: ba.append(33)))
attempt("extend", grow(lambda: ba.extend(b"!!")))
attempt("pop", grow(lambda: ba.pop()))
attempt("insert", grow(lambda: ba.insert(0, 33)))
attempt("remove", grow(lambda: ba.remove(ba[0])))
attempt("remove missing", grow(lambda: ba.remove(255)))
attempt("clear", grow(lambda: ba.clear()))
attempt("extend empty", grow(lambda: ba.extend(b"")))
def del_item():
    del ba[0]
def del_slice():
    del ba[1:3]
def resize_slice():
    ba[0:2] = b"xyz"
def same_slice():
    ba[0:2] = b"Jo"
def iadd():
    global ba
    ba += b"?"
attempt("del item", grow(del_item))
attempt("del slice", grow(del_slice))
attempt("resize slice", grow(resize_slice))
attempt("same size slice", grow(same_slice))
attempt("iadd", iadd)
attempt("readonly", lambda: len(memoryview(b"abc")) and memoryview(b"abc").toreadonly().tolist())
ro = memoryview(bytearray(b"ab")).toreadonly()
def ro_write():
    ro[0] = 1
def bad_value():
    v[0] = 256
def bad_type():
    v[0] = "a"
def bad_slice():
    v[0:2] = b"abc"
def bad_source():
    v[0:2] = "ab"
def delete():
    del v[0]
for f in (ro_write, bad_value, bad_type, bad_slice, bad_source, delete):
    attempt(f.__name__, f)
v.release()
s.release()
e.release()
ba.append(33)
print(ba, v.release(), s.release())
for name, f in [("index", lambda: v[0]), ("len", lambda: len(v)), ("tobytes", lambda: v.tobytes()),
                ("bytes", lambda: bytes(v)), ("readonly", lambda: v.readonly), ("obj", lambda: v.obj),
                ("format", lambda: v.format), ("tolist", lambda: v.tolist()), ("hash", lambda: hash(v)),
                ("iter", lambda: list(v)), ("slice", lambda: v[1:]), ("eq", lambda: v == b""),
                ("eq self", lambda: v == v), ("view", lambda: memoryview(v)), ("exit", lambda: v.__exit__(None, None, None))]:
    attempt(name, f)
with memoryview(ba) as w:
    print(w[0], w.tobytes()[:5])
    attempt("inside with", lambda: ba.append(1))
ba.append(1)
print(len(ba), w == w, str(w).startswith("<released memory"), repr(w)[:16])
with memoryview(bytearray(b"abc")) as outer:
    inner = outer[1:]
print(inner.tobytes(), inner.obj)
