# Slicing with int/None bounds (the direct BINARY_SLICE/STORE_SLICE paths, with and
# without a step) against the generic path: bools, big ints, __index__, all bound kinds.
class I:
    def __init__(self, v): self.v = v
    def __index__(self): return self.v
a = list(range(10)); t = tuple(a); s = "abcdefghij"; u = "añcdefghij"
bounds = [None, 0, 1, 3, -1, -3, 9, 10, 11, -11, -20, 20, True, 2**70, -2**70]
steps = [None, 1, 2, -1, -2, 3, -3, 11, -11, True]
for seq in (a, t, s, u, range(10), b"abcdefghij", bytearray(b"abcdefghij")):
    out = []
    for x in bounds:
        for y in bounds:
            out.append(seq[x:y])
            for z in steps:
                out.append(seq[x:y:z])
    r = repr(out)
    ck = 0
    for ch in r:
        ck = (ck * 131 + ord(ch)) % 1000000007
    print(len(out), len(r), ck, r[:120])
for seq in (a, t, s):
    try: seq[1:2:0]
    except ValueError as e: print(e)
    try: seq[::0]
    except ValueError as e: print(e)
    try: seq["a":]
    except TypeError as e: print(e)
    print(seq[I(2):I(7):I(2)], seq[I(-2)::I(-1)])
# assignment
ck = 0
msgs = []
for x in bounds:
    for y in bounds:
        for z in steps:
            for v in ([], [100], [100, 101, 102], (7, 8), [1,2,3,4,5]):
                b = list(range(10))
                try:
                    if z is None:
                        b[x:y] = v
                    else:
                        b[x:y:z] = v
                    ck = (ck * 31 + len(b)) % 1000000007
                    for i, e in enumerate(b):
                        ck = (ck * 31 + (i + 1) * e) % 1000000007
                except ValueError as e:
                    msgs.append(str(e))
print(ck, len(msgs), sorted(set(msgs))[:6])
b = list(range(10)); b[::-1] = b; print(b)
b = list(range(10)); b[2:5] = b; print(b)
b = list(range(10)); b[1:3] = iter([5,6,7]); print(b)
b = list(range(10)); b[::2] = "abcde"; print(b)
try:
    b[1:2] = 5
except TypeError as e: print(e)
try:
    b[::2] = 5
except TypeError as e: print(e)
try:
    b[::0] = [1]
except ValueError as e: print(e)
b[I(1):I(3)] = [9]; print(b)
c = (1,2,3)
try: c[0:1] = [1]
except TypeError as e: print(e)
try: "abc"[0:1:1] = "x"
except TypeError as e: print(e)
b = list(range(10)); b[1:8:3] = b[1:8:3][::-1]
print(b)
x = [1,2,3]; x[1:2] += [4]; print(x)
del x[::2]; print(x)
