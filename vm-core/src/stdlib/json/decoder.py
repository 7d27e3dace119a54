class JSONDecodeError(ValueError):
    def __init__(self, msg, doc, pos):
        lineno = doc.count("\n", 0, pos) + 1
        colno = pos - doc.rfind("\n", 0, pos)
        ValueError.__init__(self, f"{msg}: line {lineno} column {colno} (char {pos})")
        self.msg = msg
        self.doc = doc
        self.pos = pos
        self.lineno = lineno
        self.colno = colno


_WS = " \t\n\r"
_ESC = {'"': '"', "\\": "\\", "/": "/", "b": "\b", "f": "\f", "n": "\n", "r": "\r",
        "t": "\t"}
_CONST = {"NaN": float("nan"), "Infinity": float("inf"), "-Infinity": float("-inf")}


def _skip(s, i):
    n = len(s)
    while i < n and s[i] in _WS:
        i += 1
    return i


class _Parser:
    def __init__(self, s, object_hook, object_pairs_hook, parse_float, parse_int,
                 parse_constant, strict):
        self.s = s
        self.object_hook = object_hook
        self.object_pairs_hook = object_pairs_hook
        self.parse_float = parse_float or float
        self.parse_int = parse_int or int
        self.parse_constant = parse_constant or _CONST.__getitem__
        self.strict = strict

    def value(self, i):
        s = self.s
        c = s[i:i + 1]
        if c == '"':
            return self.string(i + 1)
        if c == "{":
            return self.object(i + 1)
        if c == "[":
            return self.array(i + 1)
        for word, v in (("null", None), ("true", True), ("false", False)):
            if s.startswith(word, i):
                return v, i + len(word)
        for word in ("NaN", "Infinity", "-Infinity"):
            if s.startswith(word, i):
                return self.parse_constant(word), i + len(word)
        return self.number(i)

    def number(self, i):
        s = self.s
        n = len(s)
        j = i
        if j < n and s[j] == "-":
            j += 1
        if j < n and s[j] == "0":
            j += 1
        elif j < n and "1" <= s[j] <= "9":
            while j < n and s[j].isdigit() and s[j].isascii():
                j += 1
        else:
            raise JSONDecodeError("Expecting value", s, i)
        is_float = False
        if j + 1 < n and s[j] == "." and s[j + 1].isdigit():
            is_float = True
            j += 2
            while j < n and s[j].isdigit() and s[j].isascii():
                j += 1
        if j < n and s[j] in "eE":
            k = j + 1
            if k < n and s[k] in "+-":
                k += 1
            if k < n and s[k].isdigit():
                is_float = True
                j = k
                while j < n and s[j].isdigit() and s[j].isascii():
                    j += 1
        text = s[i:j]
        return (self.parse_float(text) if is_float else self.parse_int(text)), j

    def string(self, i):
        s = self.s
        begin = i - 1
        parts = []
        n = len(s)
        while True:
            j = i
            while j < n and s[j] != '"' and s[j] != "\\" and (s[j] >= " " or not self.strict):
                j += 1
            parts.append(s[i:j])
            if j >= n:
                raise JSONDecodeError("Unterminated string starting at", s, begin)
            c = s[j]
            if c == '"':
                return "".join(parts), j + 1
            if c != "\\":
                raise JSONDecodeError("Invalid control character at", s, j)
            if j + 1 >= n:
                raise JSONDecodeError("Unterminated string starting at", s, begin)
            e = s[j + 1]
            if e != "u":
                if e not in _ESC:
                    raise JSONDecodeError("Invalid \\escape", s, j)
                parts.append(_ESC[e])
                i = j + 2
                continue
            cp = self.hex4(j + 1)
            i = j + 6
            if 0xD800 <= cp <= 0xDBFF and s[i:i + 2] == "\\u":
                lo = self.hex4(i + 1)
                if 0xDC00 <= lo <= 0xDFFF:
                    cp = 0x10000 + (((cp - 0xD800) << 10) | (lo - 0xDC00))
                    i += 6
            parts.append(chr(cp))

    def hex4(self, i):
        esc = self.s[i + 1:i + 5]
        if len(esc) == 4 and all(c in "0123456789abcdefABCDEF" for c in esc):
            return int(esc, 16)
        raise JSONDecodeError("Invalid \\uXXXX escape", self.s, i)

    def object(self, i):
        s = self.s
        pairs = []
        i = _skip(s, i)
        if s[i:i + 1] == "}":
            return self.finish_object(pairs), i + 1
        while True:
            if s[i:i + 1] != '"':
                raise JSONDecodeError(
                    "Expecting property name enclosed in double quotes", s, i)
            key, i = self.string(i + 1)
            i = _skip(s, i)
            if s[i:i + 1] != ":":
                raise JSONDecodeError("Expecting ':' delimiter", s, i)
            i = _skip(s, i + 1)
            value, i = self.value(i)
            pairs.append((key, value))
            i = _skip(s, i)
            c = s[i:i + 1]
            if c == "}":
                return self.finish_object(pairs), i + 1
            if c != ",":
                raise JSONDecodeError("Expecting ',' delimiter", s, i)
            i = _skip(s, i + 1)

    def finish_object(self, pairs):
        if self.object_pairs_hook is not None:
            return self.object_pairs_hook(pairs)
        d = dict(pairs)
        return d if self.object_hook is None else self.object_hook(d)

    def array(self, i):
        s = self.s
        values = []
        i = _skip(s, i)
        if s[i:i + 1] == "]":
            return values, i + 1
        while True:
            v, i = self.value(i)
            values.append(v)
            i = _skip(s, i)
            c = s[i:i + 1]
            if c == "]":
                return values, i + 1
            if c != ",":
                raise JSONDecodeError("Expecting ',' delimiter", s, i)
            i = _skip(s, i + 1)


class JSONDecoder:
    def __init__(self, *, object_hook=None, parse_float=None, parse_int=None,
                 parse_constant=None, strict=True, object_pairs_hook=None):
        self.object_hook = object_hook
        self.parse_float = parse_float
        self.parse_int = parse_int
        self.parse_constant = parse_constant
        self.strict = strict
        self.object_pairs_hook = object_pairs_hook

    def raw_decode(self, s, idx=0):
        p = _Parser(s, self.object_hook, self.object_pairs_hook, self.parse_float,
                    self.parse_int, self.parse_constant, self.strict)
        return p.value(idx)

    def decode(self, s):
        obj, end = self.raw_decode(s, _skip(s, 0))
        end = _skip(s, end)
        if end != len(s):
            raise JSONDecodeError("Extra data", s, end)
        return obj
