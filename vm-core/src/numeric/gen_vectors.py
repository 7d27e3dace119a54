#!/usr/bin/env python3
"""Generate CPython 3.11 reference vectors for vm-core/src/numeric tests.

Run from this directory: python3 gen_vectors.py  (writes vectors/*.txt)
Floats are written as 16-hex-digit IEEE-754 bit patterns so nothing is lost in parsing.
"""
import math
import random
import struct
import sys

assert sys.version_info[:2] == (3, 11), "vectors must come from CPython 3.11"


def fb(x):
    """float -> bit pattern hex"""
    return "%016x" % struct.unpack("<Q", struct.pack("<d", x))[0]


def hx(s):
    return s.encode("utf-8").hex() if isinstance(s, str) else s.hex()


# ---------------------------------------------------------------- random
def gen_random():
    seeds = [0, 1, 42, 12345, 2**32 - 1, 2**32, -7, 10**40, 2**100 + 3, -(2**64),
             1.5, -2.5, 0.0, 1e300, "hello", "", "héllo ✓", b"abc", b"\x00" * 200]
    out = []
    for s in seeds:
        if isinstance(s, bool):
            raise TypeError
        if isinstance(s, int):
            spec = "int %s %x" % ("-" if s < 0 else "+", abs(s))
        elif isinstance(s, float):
            spec = "float %s" % fb(s)
        elif isinstance(s, str):
            spec = "str %s" % (hx(s) or "-")
        else:
            spec = "bytes %s" % (hx(s) or "-")
        r = random.Random(s)
        st = r.getstate()[1]
        out.append("%s state %d %s" % (spec, st[-1], " ".join("%x" % w for w in st[:8] + st[-9:-1])))
        r.seed(s)
        out.append("%s random %s" % (spec, " ".join(fb(r.random()) for _ in range(8))))
        r.seed(s)
        out.append("%s getrandbits %s" % (spec, " ".join("%x" % r.getrandbits(k) for k in range(0, 201))))
        r.seed(s)
        out.append("%s randbelow30 %s" % (spec, " ".join("%x" % r.randrange(10**30) for _ in range(5))))
        r.seed(s)
        out.append("%s randint16 %s" % (spec, " ".join(str(r.randint(1, 6)) for _ in range(30))))
        r.seed(s)
        out.append("%s randrange3 %s" % (spec, " ".join(str(r.randrange(-5, 100, 3)) for _ in range(10))
                                         + " " + " ".join(str(r.randrange(50, -50, -7)) for _ in range(10))
                                         + " " + " ".join(str(r.randrange(-(2**63), 2**63 - 1)) for _ in range(5))))
        r.seed(s)
        xs = list(range(20))
        r.shuffle(xs)
        ys = list(range(1000))
        r.shuffle(ys)
        out.append("%s shuffle %s" % (spec, " ".join(map(str, xs + ys[:30]))))
        r.seed(s)
        out.append("%s choice %s" % (spec, " ".join(str(r.choice(range(7))) for _ in range(10))))
        r.seed(s)
        out.append("%s uniform %s" % (spec, " ".join(fb(r.uniform(-3.0, 7.5)) for _ in range(5))))
    # Reading past a twist boundary after setstate with a mid index.
    return out


def main():
    import os
    os.makedirs("vectors", exist_ok=True)
    for name, fn in GENERATORS:
        lines = fn()
        with open(os.path.join("vectors", name + ".txt"), "w") as f:
            f.write("\n".join(lines) + "\n")
        print(name, len(lines))


GENERATORS = [("random", gen_random)]

if __name__ == "__main__":
    main()
