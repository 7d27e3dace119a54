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


SPECIAL = [0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 1.5, 2.5, -2.5, 3.0, -3.0, 7.5, -7.5, 0.1, -0.1,
           1 / 3, 2.0 ** 53, 2.0 ** 53 + 2, -(2.0 ** 52) - 0.5, 1e16, 1e-300, -1e-300, 1e300, -1e300,
           5e-324, -5e-324, 2.2250738585072014e-308, 1.7976931348623157e308, -1.7976931348623157e308,
           math.inf, -math.inf, math.nan, 0.3, 2.675, 1e22, 1e23, 123456.789, -0.0001, 10.0, 100.0, 1000.0]


def rand_floats(rng, n):
    out = []
    for _ in range(n):
        kind = rng.random()
        if kind < 0.4:
            out.append(rng.uniform(-10, 10))
        elif kind < 0.6:
            out.append(rng.uniform(-1e6, 1e6))
        elif kind < 0.8:
            out.append(rng.choice([-1, 1]) * 10.0 ** rng.uniform(-320, 308))
        else:
            out.append(float(rng.randint(-1000, 1000)) / rng.choice([1, 2, 4, 8, 10, 3]))
    return out


def res(f, *args):
    try:
        r = f(*args)
    except ZeroDivisionError:
        return "Z"
    except OverflowError:
        return "O"
    except ValueError:
        return "V"
    if isinstance(r, complex):
        return "C"
    if isinstance(r, tuple):
        return " ".join(fb(x) if isinstance(x, float) else str(x) for x in r)
    if isinstance(r, bool):
        return str(int(r))
    if isinstance(r, int):
        return str(r)
    return fb(r)


# ---------------------------------------------------------------- float ops
def gen_floatops():
    rng = random.Random(2024)
    xs = SPECIAL + rand_floats(rng, 60)
    out = []
    small = SPECIAL[:34]
    pairs = [(a, b) for a in small for b in small] + [(rng.choice(xs), rng.choice(xs)) for _ in range(1500)]
    for a, b in pairs:
        out.append("div %s %s : %s | %s | %s | %s" % (fb(a), fb(b), res(lambda: a / b), res(lambda: a // b),
                                                    res(lambda: a % b), res(lambda: divmod(a, b))))
        out.append("pow %s %s : %s" % (fb(a), fb(b), res(lambda: a ** b)))
    for a in small + [2.0, 10.0, 1.0000001, 0.9999999, -2.0, 1.1]:
        for b in [2.0, 3.0, -1.0, -2.0, 0.5, 10.0, 100.0, 1000.0, 1e10, -1e10, 1e300, 1/3, 1075.0, -1075.0]:
            out.append("pow %s %s : %s" % (fb(a), fb(b), res(lambda: a ** b)))
    for _ in range(2000):
        a = rng.uniform(0, 100) if rng.random() < .5 else rng.uniform(0, 2)
        b = float(rng.randint(-40, 40))
        out.append("pow %s %s : %s" % (fb(a), fb(b), res(lambda: a ** b)))
    rx = xs + [0.125, 0.375, 2.5, 3.5, -4.5, 0.5, 1.5, 5e-324, 1e-5, 12345.6789, 2.675, 1.005,
               0.285, 1.0000000000000002, 4503599627370497.0, 9.995, 99.5, 0.05, 5e15 + 0.5,
               1.7976931348623157e308, 8.98846567431158e307]
    for x in rx:
        for n in [-400, -309, -308, -307, -300, -20, -3, -2, -1, 0, 1, 2, 3, 5, 10, 15, 16, 17, 20, 100,
                  300, 307, 308, 309, 322, 323, 324, 1000]:
            out.append("round %s %d : %s" % (fb(x), n, res(round, x, n)))
        if math.isfinite(x):
            out.append("roundint %s : %s" % (fb(x), fb(float(round(x)))))
        out.append("hash %s : %s" % (fb(x), "nan" if math.isnan(x) else hash(x)))
        out.append("isint %s : %d" % (fb(x), x.is_integer()))
        try:
            num, den = x.as_integer_ratio()
            neg = num < 0
            num = abs(num)
            if den > 1:
                e = -(den.bit_length() - 1)
            else:
                e = (num & -num).bit_length() - 1 if num else 0
                num >>= e
            out.append("ratio %s : %d %d %d" % (fb(x), neg, num, e))
        except (OverflowError, ValueError) as ex:
            out.append("ratio %s : %s" % (fb(x), type(ex).__name__[0]))
        out.append("hex %s : %s" % (fb(x), x.hex()))
        out.append("fromhex %s : %s" % (hx(x.hex()), fb(float.fromhex(x.hex()))))
        out.append("fromstr %s : %s" % (hx(repr(x)), fb(float(repr(x)))))
    for i in range(-60, 60):
        x = 10.0 ** i
        out.append("hash %s : %s" % (fb(x), hash(x)))
        out.append("hash %s : %s" % (fb(-x * 1.1), hash(-x * 1.1)))
    for x in [5e-324 * k for k in range(1, 30)] + [2.0 ** 61, 2.0 ** 61 - 2 ** 9, -1.0, -2.0 ** 61, 2.0 ** 100]:
        out.append("hash %s : %s" % (fb(x), hash(x)))
    strs = ["1", " 1.5 ", "\t-2.5e3\n", "+.5", "5.", ".", "", " ", "-", "+-1", "1e", "1e+", "1e-5", "1E5",
            "inf", "-inf", "+INF", "Infinity", "-iNfInItY", "infinit", "nan", "-NaN", "+nan", "nan(1)",
            "1_0.5", "1_000_000", "_1", "1_", "1__0", "1._5", "1_.5", "1.5_", "1e1_0", "1e_10", "0x10",
            "1.5e308", "1e309", "-1e309", "1e-400", "-1e-400", "0001.5000", "1.2.3", "1 2", "١٢",
            "\u20031.5\u2003", "\x1c2\x1f", "\x001", "2.5j", "1,5", "0e0", "-0", "-0.0", "00", "0_0",
            "123456789012345678901234567890", "0.1e-5_0", "4.9e-324", "2.4703282292062327e-324",
            "2.4703282292062328e-324", "1.7976931348623158e308", "1.7976931348623159e308", "9" * 400,
            "0." + "0" * 400 + "1", "infe", "nan1", "i n f"]
    for s in strs:
        try:
            r = fb(float(s))
        except ValueError:
            r = "E"
        out.append("fromstr %s : %s" % (hx(s) or "-", r))
    hexs = ["0x1p0", "0X1P+0", "1", "-0x1.8p1", " 0x.8p1 ", "0x1.", "0x.", "0x", "", "0xp1", "0x1p", "0x1p+",
            "inf", "-Infinity", "nan", "0x1.fffffffffffff8p1023", "0x1.fffffffffffff7p1023", "0x1p1024",
            "0x1p-1074", "0x1p-1075", "0x1.0000000000001p-1075", "0x1.8p-1075", "0x3p-1076", "0x1p-1076",
            "0x0.0000000000001p-1022", "0x1.00000000000008p0", "0x1.00000000000018p0", "0x1.000000000000080001p0",
            "0x123456789abcdef0123p0", "0x0.000000000000000000001p0", "0x1e3", "0x1p99999999999999",
            "0x0p99999999999999", "0x1p-99999999999999", "-0x0p0", "0x1_0p0", "1.0e5", "0x1.0p1.5", "0xg",
            "  -0x1.921fb54442d18p+1  ", "0x10000000000000000000000000p-100", "0x.0000000000001fffffffffffffp-1020"]
    for s in hexs:
        try:
            r = fb(float.fromhex(s))
        except ValueError:
            r = "I"
        except OverflowError:
            r = "O"
        out.append("fromhex %s : %s" % (hx(s) or "-", r))
    return out


# ---------------------------------------------------------------- math
def gen_math():
    rng = random.Random(7)
    U = rng.uniform
    wide = lambda: rng.choice([-1, 1]) * 10.0 ** U(-320, 308)
    pos = lambda: 10.0 ** U(-320, 308)
    dom = {
        "sqrt": lambda: pos() if rng.random() < .7 else U(0, 100),
        "exp": lambda: U(-750, 712) if rng.random() < .5 else U(-5, 5),
        "exp2": lambda: U(-1080, 1030) if rng.random() < .5 else U(-5, 5),
        "expm1": lambda: U(-50, 712) if rng.random() < .5 else rng.choice([-1, 1]) * 10.0 ** U(-20, 0),
        "log": pos, "log2": pos, "log10": pos,
        "log1p": lambda: U(-1, 5) if rng.random() < .5 else 10.0 ** U(-20, 300),
        "sin": lambda: U(-10, 10) if rng.random() < .8 else wide(),
        "cos": lambda: U(-10, 10) if rng.random() < .8 else wide(),
        "tan": lambda: U(-10, 10) if rng.random() < .8 else wide(),
        "asin": lambda: U(-1, 1), "acos": lambda: U(-1, 1), "atanh": lambda: U(-1, 1),
        "atan": lambda: U(-10, 10) if rng.random() < .7 else wide(),
        "sinh": lambda: U(-720, 720) if rng.random() < .5 else U(-3, 3),
        "cosh": lambda: U(-720, 720) if rng.random() < .5 else U(-3, 3),
        "tanh": lambda: U(-20, 20),
        "asinh": lambda: U(-10, 10) if rng.random() < .5 else wide(),
        "acosh": lambda: 1 + 10.0 ** U(-15, 300),
        "cbrt": wide,
        "erf": lambda: U(-6, 6), "erfc": lambda: U(-6, 30),
        "gamma": lambda: U(-180, 180) if rng.random() < .6 else U(-5, 5),
        "lgamma": lambda: U(-200, 200) if rng.random() < .6 else 10.0 ** U(-5, 300),
        "fabs": wide, "floor": lambda: U(-1e6, 1e6), "ceil": lambda: U(-1e6, 1e6), "trunc": lambda: U(-1e6, 1e6),
        "degrees": wide, "radians": wide, "ulp": wide, "modf": lambda: U(-1e6, 1e6), "frexp": wide,
    }
    fns1 = {n: getattr(math, n) for n in dom}
    out = []
    specials = [0.0, -0.0, 1.0, -1.0, 2.0, 0.5, -0.5, 10.0, 100.0, 1000.0, 1e15, 1e22, 1e-5, 3.0, 1e308,
                -1e308, 5e-324, 1e-310, math.inf, -math.inf, math.nan, 710.0, 709.78, -745.2, 171.0, 171.7,
                -2.0, -3.5, 1e300, 27.0, 64.0, 0.1]
    for name, gen in dom.items():
        xs = specials + [gen() for _ in range(300)]
        for x in xs:
            f = fns1[name]
            if name in ("floor", "ceil", "trunc"):
                f = lambda v, g=fns1[name]: float(g(v))
            out.append("%s %s : %s" % (name, fb(x), res(f, x)))
    pairs2 = lambda gx, gy, n: [(gx(), gy()) for _ in range(n)]
    sp2 = [(a, b) for a in specials[:22] for b in specials[:22]]
    for name, f, extra in [
        ("atan2", math.atan2, pairs2(lambda: U(-10, 10), lambda: U(-10, 10), 200) + pairs2(wide, wide, 100)),
        ("copysign", math.copysign, pairs2(wide, wide, 30)),
        ("fmod", math.fmod, pairs2(wide, wide, 150) + pairs2(lambda: U(-100, 100), lambda: U(-10, 10), 150)),
        ("remainder", math.remainder, pairs2(wide, wide, 150) + pairs2(lambda: U(-100, 100), lambda: U(-10, 10), 150)),
        ("pow", math.pow, pairs2(lambda: U(0, 10), lambda: U(-50, 50), 300) + pairs2(lambda: U(-10, 0), lambda: float(rng.randint(-30, 30)), 100)),
        ("logb", math.log, pairs2(pos, pos, 200) + pairs2(lambda: float(rng.randint(1, 10**6)), lambda: rng.choice([2.0, 10.0, 3.0, 16.0]), 100)),
        ("nextafter", math.nextafter, pairs2(wide, wide, 50)),
        ("hypot", math.hypot, pairs2(wide, wide, 200) + pairs2(lambda: U(-100, 100), lambda: U(-100, 100), 200)),
        ("isclose", math.isclose, pairs2(lambda: 1 + U(-1e-8, 1e-8), lambda: 1.0, 50)),
    ]:
        for a, b in sp2 + extra:
            out.append("%s %s %s : %s" % (name, fb(a), fb(b), res(f, a, b)))
    for x in specials + [wide() for _ in range(100)]:
        for i in [0, 1, -1, 5, 1000, -1000, 1100, -1100, 2000, -2000, 2**31, -2**31 - 1, 2**63 - 1, -2**63]:
            out.append("ldexp %s %d : %s" % (fb(x), i, res(math.ldexp, x, i)))
    for _ in range(300):
        n = rng.randint(0, 6)
        kind = rng.random()
        if kind < 0.5:
            v = [U(-100, 100) for _ in range(n)]
        elif kind < 0.8:
            v = [wide() for _ in range(n)]
        else:
            v = [rng.choice(specials) for _ in range(n)]
        out.append("hypotn %s : %s" % (" ".join(map(fb, v)) or "-", res(math.hypot, *v)))
        w = [U(-100, 100) for _ in range(n)]
        out.append("dist %s | %s : %s" % (" ".join(map(fb, v)) or "-", " ".join(map(fb, w)) or "-", res(math.dist, v, w)))
        out.append("prod %s : %s" % (" ".join(map(fb, v)) or "-", res(lambda: math.prod(v, start=1.0))))
    fs = [[1e-16, 1.0, 1e16], [1e308, 1e308, -1e308], [1e308, -1e308, 1e308], [math.inf, -math.inf], [math.inf, 1.0],
          [math.nan, 1.0], [math.inf, math.nan], [0.1] * 10, [1.0, 1e100, 1.0, -1e100], [], [-0.0], [-0.0, -0.0],
          [2.0 ** 53, 1.0, 2.0 ** -100], [1e300 * 1e10 if False else 1.7976931348623157e308, 1.7976931348623157e308]]
    for _ in range(300):
        n = rng.randint(0, 40)
        kind = rng.random()
        if kind < 0.4:
            fs.append([U(-1, 1) * 10.0 ** rng.randint(-20, 20) for _ in range(n)])
        elif kind < 0.7:
            fs.append([wide() for _ in range(n)])
        else:
            b = [rng.choice([-1, 1]) * 10.0 ** rng.randint(-30, 30) for _ in range(n // 2)]
            fs.append(b + [-x for x in b] + [U(-1, 1)])
    for v in fs:
        out.append("fsum %s : %s" % (" ".join(map(fb, v)) or "-", res(math.fsum, v)))
    return out


def main():
    import os
    os.makedirs("vectors", exist_ok=True)
    for name, fn in GENERATORS:
        lines = fn()
        with open(os.path.join("vectors", name + ".txt"), "w") as f:
            f.write("\n".join(lines) + "\n")
        print(name, len(lines))


GENERATORS = [("random", gen_random), ("floatops", gen_floatops), ("math", gen_math)]

if __name__ == "__main__":
    main()
