#!/usr/bin/env python3
"""Generate test vectors for the BigInt module with CPython 3.11 as the oracle.

Usage: python3 gen_vectors.py > vectors.txt

Format: one case per line, space-separated tokens, first token the operation.
Integers are signed lowercase hex without prefix ("-1f", "0"), floats are the hex of
their IEEE bits ("f:3ff0000000000000"), byte strings and parse inputs are hex of their
bytes ("b:0102", empty is "b:"), errors are "E:<kind>".
"""
import math
import random
import struct
import sys

rng = random.Random(20240611)
out = []


def h(x):
    return ("-" + format(-x, "x")) if x < 0 else format(x, "x")


def fbits(f):
    return "f:" + format(struct.unpack("<Q", struct.pack("<d", f))[0], "016x")


def bhex(b):
    return "b:" + b.hex()


def rbits():
    r = rng.random()
    if r < 0.5:
        return rng.randint(1, 64)
    if r < 0.8:
        return rng.randint(65, 200)
    if r < 0.96:
        return rng.randint(200, 600)
    return rng.randint(600, 1600)


def rint(bits=None, signed=True):
    bits = bits or rbits()
    x = rng.getrandbits(bits)
    if rng.random() < 0.15:
        # Runs of ones / zeros stress carries and borrows.
        x = (1 << bits) - 1 - rng.getrandbits(rng.randint(0, bits))
    if rng.random() < 0.05:
        x = 1 << rng.randint(0, bits)
    if signed and rng.random() < 0.5:
        x = -x
    return x


def emit(*tokens):
    out.append(" ".join(str(t) for t in tokens))


def to_radix(x, base):
    if x == 0:
        return "0"
    digs = "0123456789abcdefghijklmnopqrstuvwxyz"
    neg = x < 0
    x = abs(x)
    s = []
    while x:
        x, r = divmod(x, base)
        s.append(digs[r])
    return ("-" if neg else "") + "".join(reversed(s))


SPECIAL = [0, 1, -1, 2, -2, 2**31, 2**32 - 1, 2**32, -(2**32), 2**63 - 1, -(2**63), 2**64,
           2**64 - 1, -(2**64) + 1, 2**96, 2**128 - 1, -(2**128), 10**30, -(10**30)]


def pairs(n):
    for a in SPECIAL:
        for b in SPECIAL[:8]:
            yield a, b
    for _ in range(n):
        yield rint(), rint()


# Arithmetic ------------------------------------------------------------------------
for a, b in pairs(450):
    emit("add", h(a), h(b), h(a + b))
    emit("sub", h(a), h(b), h(a - b))
for a, b in pairs(300):
    emit("mul", h(a), h(b), h(a * b))
for a, b in pairs(550):
    if rng.random() < 0.3 and abs(a) > 1:
        # Divisor smaller than dividend most of the time, like real code.
        b = rint(max(1, abs(a).bit_length() // rng.randint(1, 4)))
    if b == 0:
        emit("divmod", h(a), h(b), "E:zdiv")
    else:
        q, r = divmod(a, b)
        emit("divmod", h(a), h(b), h(q), h(r))
        g = math.gcd(a, b)
        emit("gcd", h(a), h(b), h(g))
for _ in range(16):
    # Few but large: Karatsuba on both sides of the threshold, long Knuth divisions.
    a = rint(rng.randint(1000, 3500))
    b = rint(rng.randint(1000, 3500))
    emit("mul", h(a), h(b), h(a * b))
    d = rint(rng.randint(40, abs(a).bit_length()))
    emit("divmod", h(a * b + d), h(b), *map(h, divmod(a * b + d, b)))
for _ in range(300):
    a = rint(rng.randint(1, 80))
    e = rng.randint(0, 40 if abs(a).bit_length() > 20 else 200)
    emit("pow", h(a), e, h(a**e))
for _ in range(400):
    a = rint()
    e = rint(rng.randint(1, 300))
    m = rint(rng.randint(1, 400))
    if rng.random() < 0.1:
        m = rng.choice([1, -1, 0])
    try:
        r = pow(a, e, m)
        emit("modpow", h(a), h(e), h(m), h(r))
    except ValueError as ex:
        kind = "zmod" if "cannot be 0" in str(ex) else "noinv"
        emit("modpow", h(a), h(e), h(m), "E:" + kind)
for _ in range(200):
    a = rint(signed=False)
    emit("isqrt", h(a), h(math.isqrt(a)))

# Bits ------------------------------------------------------------------------------
for a, b in pairs(400):
    emit("and", h(a), h(b), h(a & b))
    emit("or", h(a), h(b), h(a | b))
    emit("xor", h(a), h(b), h(a ^ b))
for a in SPECIAL + [rint() for _ in range(300)]:
    n = rng.choice([0, 1, 31, 32, 33, 63, 64, 65, rng.randint(0, 300), rng.randint(0, 3000)])
    emit("shl", h(a), n, h(a << n))
    emit("shr", h(a), n, h(a >> n))
    emit("not", h(a), h(~a))
    emit("bits", h(a), a.bit_length(), a.bit_count())
    emit("hash", h(a), hash(a))
for _ in range(200):
    k = rng.randint(1, 5)
    a = rng.choice([-1, 1]) * (k * (2**61 - 1) + rng.randint(-3, 3))
    emit("hash", h(a), hash(a))

# Strings ---------------------------------------------------------------------------
for _ in range(500):
    a = rint()
    base = rng.randint(2, 36)
    emit("str", h(a), base, to_radix(a, base))
    emit("str", h(a), 10, str(a))
for x in [10**4299, 10**4300 - 1, 10**4300, -(10**4300), 3**20000]:
    sys.set_int_max_str_digits(4300)
    try:
        s = str(x)
        emit("strlim", h(x), 4300, "ok", len(s.lstrip("-")))
    except ValueError:
        emit("strlim", h(x), 4300, "E:limit")

WS = [" ", "\t", "\n", "\x0b", "\x0c", "\r", "\u3000", "\xa0", "\x1c", "\x85"]
PREFIX = {16: "0x", 8: "0o", 2: "0b"}


def mangle(s):
    """Randomly break or decorate a literal."""
    r = rng.random()
    if r < 0.1 and s:
        i = rng.randrange(len(s))
        return s[:i] + rng.choice("_ __z.-+") + s[i:]
    if r < 0.15:
        return s + "_"
    if r < 0.2:
        return "_" + s
    return s


def literal(x, base):
    digs = to_radix(abs(x), base if base else 10)
    if rng.random() < 0.1:
        digs = digs.upper()
    if rng.random() < 0.3 and len(digs) > 1:
        # Insert single underscores between digits.
        d = list(digs)
        for i in range(len(d) - 1, 0, -1):
            if rng.random() < 0.3:
                d.insert(i, "_")
        digs = "".join(d)
    pfx = ""
    b = base
    if base == 0:
        b = rng.choice([16, 8, 2, 10])
        digs = to_radix(abs(x), b)
        pfx = PREFIX.get(b, "")
    elif base in PREFIX and rng.random() < 0.4:
        pfx = PREFIX[base]
    if pfx and rng.random() < 0.2:
        pfx += "_"
    if rng.random() < 0.05:
        digs = "0" + digs
    if rng.random() < 0.05:
        digs = "".join("\u0660\u0661\u0662\u0663\u0664\u0665\u0666\u0667\u0668\u0669"[int(c)]
                       if c.isdigit() else c for c in digs)
    sign = "-" if x < 0 else rng.choice(["", "", "+"])
    s = sign + pfx + digs
    if rng.random() < 0.2:
        s = rng.choice(WS) + s + rng.choice(WS)
    return mangle(s)


def parse_case(s, base, limit):
    sys.set_int_max_str_digits(limit)
    try:
        r = h(int(s, base))
    except ValueError as ex:
        m = str(ex)
        if "Exceeds the limit" in m:
            r = "E:limit:" + m.split("value has ")[1].split(" ")[0]
        elif "base must be" in m:
            r = "E:base"
        else:
            r = "E:invalid"
    emit("parse", bhex(s.encode()), base, limit, r)


for _ in range(900):
    base = rng.choice([0, 0, 2, 8, 10, 10, 16, 16, rng.randint(2, 36)])
    x = rint()
    parse_case(literal(x, base), base, rng.choice([0, 4300]))
for s in ["0", "00", "010", "0_0", "0_7", "0x", "0b", "0o", "0x_", "0x__1", "1__0", "_1",
          "1_", " -0o17 ", "+-1", "- 1", "", " ", "0x1f", "0b1", "\u0661\u0662", "\U0001d7d9",
          "1\x00", "\x7f1", "\u2000\u200a7\u205f", "0B1_0", "0O7", "0X_F", "९", "z", "Z"]:
    for base in [0, 2, 8, 10, 16, 36]:
        parse_case(s, base, 4300)
for base in [1, 37, -1, 100]:
    parse_case("1", base, 4300)
# Long limit-sized inputs are built in tests.rs instead (they would bloat this file).

# Floats ----------------------------------------------------------------------------
def float_cases():
    for _ in range(400):
        yield rint()
    for _ in range(400):
        # Near halfway points: 53-bit mantissa, then a half bit, then a sticky tail.
        m = rng.getrandbits(53) | (1 << 52)
        tail_bits = rng.randint(1, 200)
        half = rng.choice([0, 1])
        sticky = rng.choice([0, 0, 1, rng.getrandbits(tail_bits - 1) if tail_bits > 1 else 0])
        x = (((m << 1) | half) << (tail_bits - 1)) | (sticky if tail_bits > 1 else 0)
        yield -x if rng.random() < 0.5 else x
    for k in [1023, 1024, 1025]:
        yield 2**k
        yield 2**k - 1
        yield -(2**k) + 1
    yield 2**1024 - 2**970
    yield 2**1024 - 2**970 - 1
    yield 2**1024 - 2**971
    yield 10**400


for a in float_cases():
    try:
        emit("tof64", h(a), fbits(float(a)))
    except OverflowError:
        emit("tof64", h(a), "E:overflow")


def tdiv_case(a, b):
    try:
        emit("tdiv", h(a), h(b), fbits(a / b))
    except ZeroDivisionError:
        emit("tdiv", h(a), h(b), "E:zdiv")
    except OverflowError:
        emit("tdiv", h(a), h(b), "E:overflow")


for _ in range(500):
    tdiv_case(rint(), rint())
for _ in range(200):
    # Results near the subnormal and overflow boundaries.
    b = rint(rng.randint(1, 200))
    e = rng.choice([rng.randint(1000, 1100), rng.randint(-10, 60)])
    tdiv_case(rint(abs(b).bit_length() + e) if e > 0 else rint(), b)
    tdiv_case(b, rint(abs(b).bit_length() + rng.randint(1000, 1100)))
for a, b in [(10**400, 10**399), (1, 0), (0, 5), (0, -5), (-0, 5), (2**1024, 1),
             (2**1025, 2), (2**1024 - 1, 1), (1, 2**1074), (1, 2**1075), (3, 2**1076),
             (1, 2**1076), (-1, 2**1075 - 1), (10**310, 10**2), (2**53 + 1, 1),
             (2**54 + 3, 2)]:
    tdiv_case(a, b)

for _ in range(500):
    r = rng.random()
    if r < 0.5:
        f = rng.uniform(-1, 1) * 2.0 ** rng.randint(-20, 200)
    elif r < 0.9:
        f = struct.unpack("<d", struct.pack("<Q", rng.getrandbits(64)))[0]
    else:
        f = rng.choice([0.0, -0.0, 0.5, -0.99, 1e308, -1e308, 5e-324, float("inf"),
                        float("-inf"), float("nan"), 2.0**63, -2.0**63, 2.0**64])
    if math.isnan(f) or math.isinf(f):
        emit("fromf64", fbits(f), "E:none")
    else:
        emit("fromf64", fbits(f), h(int(f)))

# Bytes -----------------------------------------------------------------------------
for _ in range(500):
    a = rint(rng.randint(1, 300))
    if rng.random() < 0.1:
        a = rng.choice([0, -1, 127, 128, -128, -129, 255, 256, -256])
    need = (a.bit_length() + 8) // 8
    length = max(0, need + rng.randint(-2, 3))
    little = rng.random() < 0.5
    signed = rng.random() < 0.6
    order = "little" if little else "big"
    try:
        r = bhex(a.to_bytes(length, order, signed=signed))
    except OverflowError as ex:
        r = "E:neg" if "negative" in str(ex) else "E:big"
    emit("tobytes", h(a), length, int(little), int(signed), r)
for _ in range(300):
    b = bytes(rng.getrandbits(8) for _ in range(rng.randint(0, 40)))
    little = rng.random() < 0.5
    signed = rng.random() < 0.5
    emit("frombytes", bhex(b), int(little), int(signed),
         h(int.from_bytes(b, "little" if little else "big", signed=signed)))

# Comparisons -----------------------------------------------------------------------
for a, b in pairs(300):
    emit("cmp", h(a), h(b), (a > b) - (a < b))

sys.stdout.write("\n".join(out) + "\n")
