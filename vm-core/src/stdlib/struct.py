import math as _math


class error(Exception):
    pass


error.__module__ = "struct"

# code: (standard size, native size, native alignment)
_SIZES = {"x": (1, 1), "c": (1, 1), "b": (1, 1), "B": (1, 1), "?": (1, 1), "h": (2, 2),
          "H": (2, 2), "i": (4, 4), "I": (4, 4), "l": (4, 8), "L": (4, 8), "q": (8, 8),
          "Q": (8, 8), "n": (None, 8), "N": (None, 8), "e": (2, 2), "f": (4, 4),
          "d": (8, 8), "s": (1, 1), "p": (1, 1), "P": (None, 8)}
_NAMES = {"b": "byte", "B": "ubyte", "h": "short", "H": "ushort"}
_FLOAT_BITS = {"e": (5, 10), "f": (8, 23), "d": (11, 52)}
_cache = {}


def _parse(fmt):
    if isinstance(fmt, bytes):
        fmt = fmt.decode("latin-1")
    if not isinstance(fmt, str):
        raise TypeError("Struct() argument 1 must be a str or bytes object, not "
                        f"{type(fmt).__name__}")
    r = _cache.get(fmt)
    if r is not None:
        return r
    order = "@"
    body = fmt
    if body and body[0] in "@=<>!":
        order, body = body[0], body[1:]
    native = order == "@"
    little = order in "@=<"
    items = []
    size = 0
    i = 0
    n = len(body)
    while i < n:
        c = body[i]
        if c.isspace():
            i += 1
            continue
        num = None
        while c.isdigit():
            num = (num or 0) * 10 + int(c)
            i += 1
            if i >= n:
                raise error("repeat count given without format specifier")
            c = body[i]
        i += 1
        if c not in _SIZES:
            raise error("bad char in struct format")
        std, nat = _SIZES[c]
        if native:
            sz = nat
            if c not in "xcbB?sp":
                size = (size + sz - 1) // sz * sz
        else:
            if std is None:
                raise error("bad char in struct format")
            sz = std
        count = 1 if num is None else num
        if c in "sp":
            items.append((c, size, count))
            size += count
        elif c == "x":
            size += count
        else:
            for _ in range(count):
                items.append((c, size, sz))
                size += sz
    r = (tuple(items), size, little, native)
    _cache[fmt] = r
    return r


def _int_arg(v):
    if not isinstance(v, int):
        if hasattr(type(v), "__index__"):
            return type(v).__index__(v)
        raise error("required argument is not an integer")
    return v


def _range_error(c, sz, signed, native):
    lo = -(1 << (sz * 8 - 1)) if signed else 0
    hi = (1 << (sz * 8 - 1)) - 1 if signed else (1 << (sz * 8)) - 1
    if c in _NAMES:
        return error(f"{_NAMES[c]} format requires {lo} <= number <= {hi}")
    if sz == 4 and signed:
        return error(f"'{c}' format requires {lo} <= number <= {hi}")
    return error("argument out of range")


def _pack_float(x, c, native):
    ebits, mbits = _FLOAT_BITS[c]
    bias = (1 << (ebits - 1)) - 1
    emax = (1 << ebits) - 1
    sign = 1 if _math.copysign(1.0, x) < 0 else 0
    if _math.isnan(x):
        return (sign << (ebits + mbits)) | (emax << mbits) | (1 << (mbits - 1))
    x = abs(x)
    if _math.isinf(x):
        return (sign << (ebits + mbits)) | (emax << mbits)
    if x == 0:
        return sign << (ebits + mbits)
    m, e = _math.frexp(x)
    e -= 1
    if e + bias <= 0:
        biased, mant = 0, round(_math.ldexp(x, bias - 1 + mbits))
    else:
        biased, mant = e + bias, round(_math.ldexp(m * 2 - 1, mbits))
    bits = (biased << mbits) + mant
    if bits >> mbits >= emax:
        if native and c == "f":
            bits = emax << mbits
        else:
            raise OverflowError(f"float too large to pack with {c} format")
    return (sign << (ebits + mbits)) | bits


def _unpack_float(bits, c):
    ebits, mbits = _FLOAT_BITS[c]
    bias = (1 << (ebits - 1)) - 1
    emax = (1 << ebits) - 1
    sign = -1.0 if bits >> (ebits + mbits) else 1.0
    e = (bits >> mbits) & emax
    mant = bits & ((1 << mbits) - 1)
    if e == emax:
        return _math.copysign(_math.nan if mant else _math.inf, sign)
    if e == 0:
        return _math.copysign(_math.ldexp(mant, 1 - bias - mbits), sign)
    return sign * _math.ldexp(mant + (1 << mbits), e - bias - mbits)


def _pack_item(out, c, off, sz, v, little, native):
    if c == "s" or c == "p":
        if not isinstance(v, (bytes, bytearray)):
            raise error(f"argument for '{c}' must be a bytes object")
        if c == "p":
            v = bytes([min(len(v), sz - 1, 255)]) + v[:sz - 1] if sz else b""
        data = bytes(v[:sz])
        out[off:off + len(data)] = data
        return
    if c == "c":
        if not isinstance(v, (bytes, bytearray)) or len(v) != 1:
            raise error("char format requires a bytes object of length 1")
        out[off] = v[0]
        return
    if c == "?":
        out[off] = 1 if v else 0
        return
    if c in "efd":
        if not isinstance(v, (int, float)):
            if not hasattr(type(v), "__float__"):
                raise error("required argument is not a float")
            v = float(v)
        n = _pack_float(float(v), c, native)
    else:
        n = _int_arg(v)
        signed = c in "bhilqn"
        lo = -(1 << (sz * 8 - 1)) if signed else 0
        hi = (1 << (sz * 8 - signed)) - 1
        if not lo <= n <= hi:
            raise _range_error(c, sz, signed, native)
        n &= (1 << (sz * 8)) - 1
    out[off:off + sz] = n.to_bytes(sz, "little" if little else "big")


def _unpack_item(buf, c, off, sz, little):
    if c == "s":
        return bytes(buf[off:off + sz])
    if c == "p":
        if not sz:
            return b""
        n = min(buf[off], sz - 1)
        return bytes(buf[off + 1:off + 1 + n])
    if c == "c":
        return bytes(buf[off:off + 1])
    if c == "?":
        return buf[off] != 0
    n = int.from_bytes(buf[off:off + sz], "little" if little else "big",
                       signed=c in "bhilqn")
    if c in "efd":
        return _unpack_float(n, c)
    return n


def _pack_into(fmt, out, offset, args, what):
    items, size, little, native = _parse(fmt)
    if len(args) != len(items):
        raise error(f"{what} expected {len(items)} items for packing (got {len(args)})")
    for (c, off, sz), v in zip(items, args):
        _pack_item(out, c, offset + off, sz, v, little, native)


def pack(fmt, /, *args):
    size = _parse(fmt)[1]
    out = bytearray(size)
    _pack_into(fmt, out, 0, args, "pack")
    return bytes(out)


def pack_into(fmt, buffer, offset, /, *args):
    size = _parse(fmt)[1]
    n = len(buffer)
    if offset < 0:
        if offset + n < 0:
            raise error(f"offset {offset} out of range for {n}-byte buffer")
        offset += n
    if n - offset < size:
        raise error(f"pack_into requires a buffer of at least {size + offset} bytes for "
                    f"packing {size} bytes at offset {offset} (actual buffer size is {n})")
    _pack_into(fmt, buffer, offset, args, "pack_into")


def _buffer(buf):
    if isinstance(buf, memoryview):
        # The raw bytes: a view's length counts items, the formats count bytes.
        return buf.tobytes()
    if isinstance(buf, str) or not hasattr(buf, "__len__"):
        raise TypeError(f"a bytes-like object is required, not '{type(buf).__name__}'")
    return buf


def unpack(fmt, buffer, /):
    items, size, little, _ = _parse(fmt)
    buf = _buffer(buffer)
    if len(buf) != size:
        raise error(f"unpack requires a buffer of {size} bytes")
    return tuple(_unpack_item(buf, c, off, sz, little) for c, off, sz in items)


def unpack_from(fmt, /, buffer, offset=0):
    items, size, little, _ = _parse(fmt)
    buf = _buffer(buffer)
    n = len(buf)
    if offset < 0:
        if offset + n < 0:
            raise error(f"offset {offset} out of range for {n}-byte buffer")
        offset += n
    if n - offset < size:
        if offset > n:
            raise error(f"offset {offset} out of range for {n}-byte buffer")
        raise error(f"unpack_from requires a buffer of at least {size + offset} bytes for "
                    f"unpacking {size} bytes at offset {offset} (actual buffer size is {n})")
    return tuple(_unpack_item(buf, c, offset + off, sz, little) for c, off, sz in items)


def iter_unpack(fmt, buffer, /):
    size = _parse(fmt)[1]
    buf = _buffer(buffer)
    if size == 0:
        raise error("cannot iteratively unpack with a struct of length 0")
    if len(buf) % size:
        raise error("iterative unpacking requires a buffer of a multiple of "
                    f"{size} bytes")
    return (unpack_from(fmt, buf, i) for i in range(0, len(buf), size))


def calcsize(fmt, /):
    return _parse(fmt)[1]


class Struct:
    def __init__(self, format):
        self.size = _parse(format)[1]
        self.format = format if isinstance(format, str) else format.decode("latin-1")

    def pack(self, *args):
        return pack(self.format, *args)

    def pack_into(self, buffer, offset, *args):
        pack_into(self.format, buffer, offset, *args)

    def unpack(self, buffer):
        return unpack(self.format, buffer)

    def unpack_from(self, buffer, offset=0):
        return unpack_from(self.format, buffer, offset)

    def iter_unpack(self, buffer):
        return iter_unpack(self.format, buffer)
