# Typed arrays of numbers: `array.array(typecode, initializer)`. The items are kept in
# their machine form (native order and size) in a bytearray, packed and unpacked by
# `struct`; `__buffer__` exports that memory, so `memoryview(a)` writes through to `a` and
# `bytes`, `bytearray` and concatenation read it.
import struct as _struct

typecodes = "bBuhHiIlLqQfd"

_INT_RANGES = {
    "b": (-(1 << 7), (1 << 7) - 1, "signed char"),
    "B": (0, (1 << 8) - 1, "unsigned byte integer"),
    "h": (-(1 << 15), (1 << 15) - 1, "signed short integer"),
    "H": (0, (1 << 16) - 1, "unsigned short"),
    "i": (-(1 << 31), (1 << 31) - 1, "signed integer"),
    "I": (0, (1 << 32) - 1, "unsigned int"),
    "l": (-(1 << 63), (1 << 63) - 1, "signed long integer"),
    "L": (0, (1 << 64) - 1, "unsigned long"),
    "q": (-(1 << 63), (1 << 63) - 1, "signed long long integer"),
    "Q": (0, (1 << 64) - 1, "unsigned long long"),
}

_SIZES = {"b": 1, "B": 1, "u": 4, "h": 2, "H": 2, "i": 4, "I": 4, "l": 8, "L": 8,
          "q": 8, "Q": 8, "f": 4, "d": 8}


def _check(code, v):
    if code in "fd":
        if not isinstance(v, (int, float)):
            raise TypeError("must be real number, not " + type(v).__name__)
        v = float(v)
        if code == "f":
            v = _struct.unpack("<f", _struct.pack("<f", v))[0]
        return v
    if code == "u":
        if not isinstance(v, str) or len(v) != 1:
            raise TypeError("array item must be unicode character")
        return v
    if not isinstance(v, int):
        if isinstance(v, float):
            raise TypeError("'float' object cannot be interpreted as an integer")
        raise TypeError("an integer is required (got type " + type(v).__name__ + ")")
    lo, hi, name = _INT_RANGES[code]
    if v < lo:
        raise OverflowError(name + " is less than minimum")
    if v > hi:
        raise OverflowError(name + " is greater than maximum")
    return v


class array:
    def __init__(self, typecode, initializer=None):
        if not isinstance(typecode, str) or len(typecode) != 1:
            raise TypeError("array() argument 1 must be a unicode character, not "
                            + type(typecode).__name__)
        if typecode not in _SIZES:
            raise ValueError("bad typecode (must be b, B, u, h, H, i, I, l, L, q, Q, f or d)")
        self._code = typecode
        self._b = bytearray()
        if initializer is None:
            return
        if isinstance(initializer, (bytes, bytearray)):
            self.frombytes(initializer)
        elif isinstance(initializer, str):
            if typecode != "u":
                raise TypeError("cannot use a str to initialize an array with typecode '"
                                + typecode + "'")
            self._b += self._pack(list(initializer))
        elif isinstance(initializer, array) and initializer._code != typecode \
                and (typecode == "u") != (initializer._code == "u"):
            raise TypeError("cannot use a unicode array to initialize an array with typecode '"
                            + typecode + "'")
        else:
            self._extend_items(initializer)

    @property
    def typecode(self):
        return self._code

    @property
    def itemsize(self):
        return _SIZES[self._code]

    def _pack(self, items):
        if self._code == "u":
            return b"".join(ord(c).to_bytes(4, "little") for c in items)
        return _struct.pack("@" + str(len(items)) + self._code, *items)

    def _unpack(self, data):
        if self._code == "u":
            return [chr(int.from_bytes(data[i:i + 4], "little")) for i in range(0, len(data), 4)]
        n = len(data) // _SIZES[self._code]
        return list(_struct.unpack("@" + str(n) + self._code, data))

    @property
    def _items(self):
        return self._unpack(self._b)

    def _new(self, items):
        a = array(self._code)
        a._b = bytearray(self._pack(items))
        return a

    def _index(self, i):
        if not isinstance(i, int):
            raise TypeError("array indices must be integers")
        n = len(self)
        if i < 0:
            i += n
        if not 0 <= i < n:
            raise IndexError("array index out of range")
        return i

    def _set_items(self, items):
        self._b[:] = self._pack(items)

    def append(self, v):
        self._b += self._pack([_check(self._code, v)])

    def extend(self, iterable):
        if isinstance(iterable, array) and iterable._code != self._code:
            raise TypeError("can only extend with array of same kind")
        self._extend_items(iterable)

    def _extend_items(self, iterable):
        code = self._code
        self._b += self._pack([_check(code, v) for v in iterable])

    def insert(self, i, v):
        items = self._items
        items.insert(i, _check(self._code, v))
        self._set_items(items)

    def pop(self, i=-1):
        if not self._b:
            raise IndexError("pop from empty array")
        items = self._items
        v = items.pop(i)
        self._set_items(items)
        return v

    def remove(self, v):
        items = self._items
        if v not in items:
            raise ValueError("array.remove(x): x not in array")
        items.remove(v)
        self._set_items(items)

    def index(self, v, start=0, stop=None):
        items = self._items
        n = len(items)
        stop = n if stop is None else stop
        for i in range(*slice(start, stop).indices(n)):
            if items[i] == v:
                return i
        raise ValueError("array.index(x): x not in array")

    def count(self, v):
        return self._items.count(v)

    def reverse(self):
        items = self._items
        items.reverse()
        self._set_items(items)

    def tobytes(self):
        return bytes(self._b)

    def frombytes(self, data):
        data = bytes(data)
        size = _SIZES[self._code]
        if len(data) % size:
            raise ValueError("bytes length not a multiple of item size")
        self._b += data

    def tolist(self):
        return self._items

    def fromlist(self, items):
        if not isinstance(items, list):
            raise TypeError("arg must be list")
        self.extend(items)

    def tounicode(self):
        if self._code != "u":
            raise ValueError("tounicode() may only be called on unicode type arrays")
        return "".join(self._items)

    def buffer_info(self):
        return (id(self), len(self))

    def byteswap(self):
        size = _SIZES[self._code]
        raw = self._b
        self._b[:] = b"".join(raw[i:i + size][::-1] for i in range(0, len(raw), size))

    def __buffer__(self, flags):
        # A view of the storage in the item format ('u' as 4-byte unsigned ints).
        with memoryview(self._b) as m:
            return m.cast("I" if self._code == "u" else self._code)

    def __bytes__(self):
        return self.tobytes()

    def __len__(self):
        return len(self._b) // _SIZES[self._code]

    def __iter__(self):
        return iter(self._items)

    def __contains__(self, v):
        return v in self._items

    def __getitem__(self, i):
        if isinstance(i, slice):
            return self._new(self._items[i])
        i = self._index(i)
        size = _SIZES[self._code]
        return self._unpack(self._b[i * size:(i + 1) * size])[0]

    def __setitem__(self, i, v):
        if isinstance(i, slice):
            if not isinstance(v, array):
                raise TypeError("can only assign array (not \"" + type(v).__name__
                                + "\") to array slice")
            if v._code != self._code:
                raise TypeError("bad argument type for built-in operation")
            items = self._items
            items[i] = v._items
            self._set_items(items)
        else:
            i = self._index(i)
            size = _SIZES[self._code]
            self._b[i * size:(i + 1) * size] = self._pack([_check(self._code, v)])

    def __delitem__(self, i):
        items = self._items
        del items[i]
        self._set_items(items)

    def __add__(self, other):
        if not isinstance(other, array):
            return NotImplemented
        if other._code != self._code:
            raise TypeError("bad argument type for built-in operation")
        a = array(self._code)
        a._b = self._b + other._b
        return a

    def __iadd__(self, other):
        if not isinstance(other, array):
            return NotImplemented
        if other._code != self._code:
            raise TypeError("bad argument type for built-in operation")
        self._b += other._b
        return self

    def __mul__(self, n):
        if not isinstance(n, int):
            return NotImplemented
        a = array(self._code)
        a._b = self._b * n
        return a

    __rmul__ = __mul__

    def __imul__(self, n):
        if not isinstance(n, int):
            return NotImplemented
        self._b *= n
        return self

    def _cmp_items(self, other):
        if isinstance(other, array):
            return other._items
        return None

    def __eq__(self, other):
        o = self._cmp_items(other)
        return NotImplemented if o is None else self._items == o

    def __ne__(self, other):
        o = self._cmp_items(other)
        return NotImplemented if o is None else self._items != o

    def __lt__(self, other):
        o = self._cmp_items(other)
        return NotImplemented if o is None else self._items < o

    def __le__(self, other):
        o = self._cmp_items(other)
        return NotImplemented if o is None else self._items <= o

    def __gt__(self, other):
        o = self._cmp_items(other)
        return NotImplemented if o is None else self._items > o

    def __ge__(self, other):
        o = self._cmp_items(other)
        return NotImplemented if o is None else self._items >= o

    __hash__ = None

    def __copy__(self):
        a = array(self._code)
        a._b = bytearray(self._b)
        return a

    def __repr__(self):
        if not self._b:
            return "array('" + self._code + "')"
        if self._code == "u":
            return "array('u', " + repr("".join(self._items)) + ")"
        return "array('" + self._code + "', " + repr(self._items) + ")"


ArrayType = array
