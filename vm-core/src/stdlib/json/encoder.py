_ESC = {"\\": "\\\\", '"': '\\"', "\b": "\\b", "\f": "\\f", "\n": "\\n", "\r": "\\r",
        "\t": "\\t"}
INFINITY = float("inf")


def py_encode_basestring(s):
    out = []
    for c in s:
        e = _ESC.get(c)
        if e is not None:
            out.append(e)
        elif c < " ":
            out.append(f"\\u{ord(c):04x}")
        else:
            out.append(c)
    return '"' + "".join(out) + '"'


def py_encode_basestring_ascii(s):
    out = []
    for c in s:
        e = _ESC.get(c)
        if e is not None:
            out.append(e)
        elif " " <= c <= "~":
            out.append(c)
        else:
            n = ord(c)
            if n < 0x10000:
                out.append(f"\\u{n:04x}")
            else:
                n -= 0x10000
                out.append(f"\\u{0xD800 | (n >> 10):04x}\\u{0xDC00 | (n & 0x3FF):04x}")
    return '"' + "".join(out) + '"'


encode_basestring = py_encode_basestring
encode_basestring_ascii = py_encode_basestring_ascii


class JSONEncoder:
    item_separator = ", "
    key_separator = ": "

    def __init__(self, *, skipkeys=False, ensure_ascii=True, check_circular=True,
                 allow_nan=True, sort_keys=False, indent=None, separators=None,
                 default=None):
        self.skipkeys = skipkeys
        self.ensure_ascii = ensure_ascii
        self.check_circular = check_circular
        self.allow_nan = allow_nan
        self.sort_keys = sort_keys
        self.indent = indent
        if separators is not None:
            self.item_separator, self.key_separator = separators
        elif indent is not None:
            self.item_separator = ","
        if default is not None:
            self.default = default

    def default(self, o):
        raise TypeError(f"Object of type {o.__class__.__name__} is not JSON serializable")

    def encode(self, o):
        return "".join(self.iterencode(o))

    def iterencode(self, o, _one_shot=False):
        indent = self.indent
        if indent is not None and not isinstance(indent, str):
            indent = " " * indent
        self._indent = indent
        self._markers = {} if self.check_circular else None
        self._str = encode_basestring_ascii if self.ensure_ascii else encode_basestring
        out = []
        self._enc(o, 0, out)
        return out

    def _float(self, o):
        if o != o:
            text = "NaN"
        elif o == INFINITY:
            text = "Infinity"
        elif o == -INFINITY:
            text = "-Infinity"
        else:
            return float.__repr__(o)
        if not self.allow_nan:
            raise ValueError("Out of range float values are not JSON compliant")
        return text

    def _enc(self, o, level, out):
        if isinstance(o, str):
            out.append(self._str(o))
        elif o is None:
            out.append("null")
        elif o is True:
            out.append("true")
        elif o is False:
            out.append("false")
        elif isinstance(o, int):
            out.append(int.__repr__(o))
        elif isinstance(o, float):
            out.append(self._float(o))
        elif isinstance(o, (list, tuple)):
            self._container(o, level, out, self._list_items)
        elif isinstance(o, dict):
            self._container(o, level, out, self._dict_items)
        else:
            self._mark(o)
            self._enc(self.default(o), level, out)
            self._unmark(o)

    def _mark(self, o):
        if self._markers is not None:
            if id(o) in self._markers:
                raise ValueError("Circular reference detected")
            self._markers[id(o)] = o

    def _unmark(self, o):
        if self._markers is not None:
            del self._markers[id(o)]

    def _container(self, o, level, out, items):
        opener, closer = ("{", "}") if isinstance(o, dict) else ("[", "]")
        if not o:
            out.append(opener + closer)
            return
        self._mark(o)
        out.append(opener)
        if self._indent is not None:
            level += 1
            newline = "\n" + self._indent * level
            sep = self.item_separator + newline
            out.append(newline)
        else:
            newline = None
            sep = self.item_separator
        items(o, level, out, sep)
        if newline is not None:
            out.append("\n" + self._indent * (level - 1))
        out.append(closer)
        self._unmark(o)

    def _list_items(self, o, level, out, sep):
        first = True
        for v in o:
            if not first:
                out.append(sep)
            first = False
            self._enc(v, level, out)

    def _dict_items(self, o, level, out, sep):
        first = True
        items = sorted(o.items()) if self.sort_keys else o.items()
        for k, v in items:
            if isinstance(k, str):
                pass
            elif isinstance(k, float):
                k = self._float(k)
            elif k is True:
                k = "true"
            elif k is False:
                k = "false"
            elif k is None:
                k = "null"
            elif isinstance(k, int):
                k = int.__repr__(k)
            elif self.skipkeys:
                continue
            else:
                raise TypeError("keys must be str, int, float, bool or None, "
                                f"not {k.__class__.__name__}")
            if not first:
                out.append(sep)
            first = False
            out.append(self._str(k))
            out.append(self.key_separator)
            self._enc(v, level, out)
