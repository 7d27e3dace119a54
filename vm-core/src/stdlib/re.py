"""Regular expressions: a subset of CPython's `re` (docs/LANGUAGE.md says which).

The engine is the native `_re` module; this module holds the pattern cache, the Pattern
and Match objects, and what builds on spans (findall, sub, split).
"""

import _re

__all__ = [
    "match", "fullmatch", "search", "sub", "subn", "split", "findall", "finditer",
    "compile", "purge", "escape", "error", "Pattern", "Match", "A", "I", "L", "M", "S",
    "X", "U", "ASCII", "IGNORECASE", "LOCALE", "MULTILINE", "DOTALL", "VERBOSE",
    "UNICODE", "NOFLAG",
]

_FLAG_NAMES = (
    (2, "IGNORECASE"), (4, "LOCALE"), (8, "MULTILINE"), (16, "DOTALL"), (32, "UNICODE"),
    (64, "VERBOSE"), (128, "DEBUG"), (256, "ASCII"),
)


class RegexFlag(int):
    """A flag value, or flags combined: an int that shows its names."""

    def __repr__(self):
        value = int(self)
        if not value:
            return "re.NOFLAG"
        names = ["re." + name for f, name in _FLAG_NAMES if value & f]
        rest = value & ~sum(f for f, _ in _FLAG_NAMES)
        if rest:
            names.append(hex(rest))
        return "|".join(names)

    __str__ = __repr__

    def __or__(self, other):
        if not isinstance(other, int):
            return NotImplemented
        return RegexFlag(int(self) | int(other))

    __ror__ = __or__

    def __and__(self, other):
        if not isinstance(other, int):
            return NotImplemented
        return RegexFlag(int(self) & int(other))

    __rand__ = __and__


NOFLAG = RegexFlag(0)
A = ASCII = RegexFlag(256)
I = IGNORECASE = RegexFlag(2)
L = LOCALE = RegexFlag(4)
M = MULTILINE = RegexFlag(8)
S = DOTALL = RegexFlag(16)
U = UNICODE = RegexFlag(32)
X = VERBOSE = RegexFlag(64)
DEBUG = RegexFlag(128)


class error(Exception):
    """A pattern or template that is not valid."""

    def __init__(self, msg, pattern=None, pos=None):
        self.msg = msg
        self.pattern = pattern
        self.pos = pos
        if pattern is not None and pos is not None:
            msg = "%s at position %d" % (msg, pos)
            newline = "\n" if isinstance(pattern, str) else b"\n"
            self.lineno = pattern.count(newline, 0, pos) + 1
            self.colno = pos - pattern.rfind(newline, 0, pos)
            if newline in pattern:
                msg = "%s (line %d, column %d)" % (msg, self.lineno, self.colno)
        else:
            self.lineno = self.colno = None
        super().__init__(msg)


def _is_bytes(v):
    return isinstance(v, (bytes, bytearray, memoryview))


def _text(string):
    """What slices of `string` are made of: a bytearray or memoryview gives bytes."""
    if isinstance(string, (bytearray, memoryview)):
        return bytes(string)
    return string


def _bounds(string, pos, endpos):
    n = len(string)
    pos = min(max(pos, 0), n)
    endpos = n if endpos is None else min(max(endpos, 0), n)
    return pos, endpos


class Pattern:
    """A compiled regular expression."""

    def __init__(self, pattern, flags):
        flags = int(flags)
        self._bytes = _is_bytes(pattern)
        if self._bytes:
            if flags & UNICODE:
                raise ValueError("cannot use UNICODE flag with a bytes pattern")
            if flags & LOCALE and flags & ASCII:
                raise ValueError("ASCII and LOCALE flags are incompatible")
        else:
            if flags & LOCALE:
                raise ValueError("cannot use LOCALE flag with a str pattern")
            if flags & ASCII and flags & UNICODE:
                raise ValueError("ASCII and UNICODE flags are incompatible")
        if flags & LOCALE:
            raise ValueError("re.LOCALE is not supported")
        info = _re.compile_info(pattern, flags)
        if len(info) == 2:
            raise error(info[0], pattern, info[1])
        self._given = flags
        self.pattern = pattern
        self.flags = int(info[0])
        if not self._bytes and not self.flags & 256:
            self.flags |= 32
        self.groups = info[1]
        self.groupindex = dict(info[2])
        self._names = {n: name for name, n in info[2]}

    def __repr__(self):
        shown = self.flags & ~32 if not self._bytes else self.flags
        text = repr(self.pattern)[:200]
        if not shown:
            return "re.compile(%s)" % text
        return "re.compile(%s, %r)" % (text, RegexFlag(shown))

    def __eq__(self, other):
        if not isinstance(other, Pattern):
            return NotImplemented
        return self.pattern == other.pattern and self.flags == other.flags

    def __hash__(self):
        return hash((self.pattern, self.flags))

    def _check(self, string):
        if self._bytes:
            if isinstance(string, str):
                raise TypeError("cannot use a bytes pattern on a string-like object")
        elif _is_bytes(string):
            raise TypeError("cannot use a string pattern on a bytes-like object")
        if not isinstance(string, str) and not _is_bytes(string):
            raise TypeError(
                "expected string or bytes-like object, got '%s'" % type(string).__name__
            )

    def _scan(self, string, pos, endpos, mode, limit):
        return _re.scan(self.pattern, self._given, string, pos, endpos, mode, limit)

    def _one(self, string, pos, endpos, mode):
        self._check(string)
        pos, endpos = _bounds(string, pos, endpos)
        found = self._scan(string, pos, endpos, mode, 1)
        return Match(self, string, pos, endpos, found[0]) if found else None

    def match(self, string, pos=0, endpos=None):
        return self._one(string, pos, endpos, 0)

    def fullmatch(self, string, pos=0, endpos=None):
        return self._one(string, pos, endpos, 1)

    def search(self, string, pos=0, endpos=None):
        return self._one(string, pos, endpos, 2)

    def _all(self, string, pos=0, endpos=None, limit=0):
        self._check(string)
        pos, endpos = _bounds(string, pos, endpos)
        return self._scan(string, pos, endpos, 2, limit), pos, endpos

    def finditer(self, string, pos=0, endpos=None):
        found, pos, endpos = self._all(string, pos, endpos)
        for spans in found:
            yield Match(self, string, pos, endpos, spans)

    def findall(self, string, pos=0, endpos=None):
        found = self._all(string, pos, endpos)[0]
        string = _text(string)
        empty = string[:0]
        out = []
        for sp in found:
            if self.groups == 0:
                out.append(string[sp[0]:sp[1]])
            elif self.groups == 1:
                out.append(empty if sp[2] < 0 else string[sp[2]:sp[3]])
            else:
                out.append(tuple(
                    empty if sp[2 * g] < 0 else string[sp[2 * g]:sp[2 * g + 1]]
                    for g in range(1, self.groups + 1)
                ))
        return out

    def split(self, string, maxsplit=0):
        if maxsplit < 0:
            return [string[:]]
        out = []
        last = 0
        found = self._all(string, 0, None, maxsplit)[0]
        string = _text(string)
        for sp in found:
            out.append(string[last:sp[0]])
            for g in range(1, self.groups + 1):
                out.append(None if sp[2 * g] < 0 else string[sp[2 * g]:sp[2 * g + 1]])
            last = sp[1]
        out.append(string[last:])
        return out

    def subn(self, repl, string, count=0):
        if count < 0:
            return string[:], 0
        if callable(repl):
            make = repl
        else:
            parts = _template(self, repl)
            if len(parts) == 1 and not isinstance(parts[0], int):
                literal = parts[0]
                make = lambda m: literal
            else:
                make = lambda m: _expand(m, parts)
        found = self._all(string, 0, None, count)[0]
        text = _text(string)
        pieces = []
        last = 0
        for sp in found:
            if last < sp[0]:
                pieces.append(text[last:sp[0]])
            piece = make(Match(self, string, 0, len(string), sp))
            if piece:
                pieces.append(piece)
            last = sp[1]
        if last < len(text):
            pieces.append(text[last:])
        return text[:0].join(pieces), len(found)

    def sub(self, repl, string, count=0):
        return self.subn(repl, string, count)[0]

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self


def _template(pattern, repl):
    """A replacement template as literal pieces and group numbers."""
    is_bytes = _is_bytes(repl)
    text = bytes(repl).decode("latin-1") if is_bytes else repl
    parts = []
    lit = []
    i = 0
    n = len(text)
    while i < n:
        c = text[i]
        i += 1
        if c != "\\":
            lit.append(c)
            continue
        if i >= n:
            raise error("bad escape (end of pattern)", repl, i - 1)
        c = text[i]
        start = i - 1
        i += 1
        group = None
        if c == "g":
            group, i = _template_name(pattern, repl, text, i)
        elif c == "0":
            v = 0
            for _ in range(2):
                if i < n and text[i] in "01234567":
                    v = v * 8 + int(text[i])
                    i += 1
            lit.append(chr(v))
        elif c in "123456789":
            if i + 1 < n and c in "01234567" and text[i] in "01234567" and text[i + 1] in "01234567":
                v = int(text[i - 1:i + 2], 8)
                if v > 0o377:
                    raise error("octal escape value \\%s outside of range 0-0o377"
                                % text[i - 1:i + 2], repl, start)
                lit.append(chr(v))
                i += 2
            else:
                digits = c
                if i < n and text[i] in "0123456789":
                    digits += text[i]
                    i += 1
                group = int(digits)
                if group > pattern.groups:
                    raise error("invalid group reference %d" % group, repl, start + 1)
        elif c in _ESCAPES:
            lit.append(_ESCAPES[c])
        elif c.isascii() and c.isalpha():
            raise error("bad escape \\%s" % c, repl, start)
        else:
            lit.append("\\" + c)
        if group is not None:
            if lit:
                parts.append(_piece(lit, is_bytes))
                lit = []
            parts.append(group)
    if lit or not parts:
        parts.append(_piece(lit, is_bytes))
    return parts


_ESCAPES = {"a": "\a", "b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t",
            "v": "\v", "\\": "\\"}


def _piece(chars, is_bytes):
    s = "".join(chars)
    return s.encode("latin-1") if is_bytes else s


def _template_name(pattern, repl, text, i):
    """`\\g<name>` (from after the `g`): the group number and the position after it."""
    if i >= len(text) or text[i] != "<":
        raise error("missing <", repl, i)
    end = text.find(">", i + 1)
    if end < 0:
        if i + 1 >= len(text):
            raise error("missing group name", repl, i + 1)
        raise error("missing >, unterminated name", repl, i + 1)
    name = text[i + 1:end]
    if not name:
        raise error("missing group name", repl, i + 1)
    if name.isdigit() and name.isascii():
        group = int(name)
        if group > pattern.groups:
            raise error("invalid group reference %d" % group, repl, i + 1)
    elif name.isidentifier():
        if name not in pattern.groupindex:
            raise IndexError("unknown group name '%s'" % name)
        group = pattern.groupindex[name]
    else:
        raise error("bad character in group name '%s'" % name, repl, i + 1)
    return group, end + 1


def _expand(m, parts):
    out = []
    empty = _text(m.string[:0])
    for p in parts:
        if isinstance(p, int):
            g = m.group(p)
            out.append(empty if g is None else g)
        else:
            out.append(p)
    return empty.join(out)


class Match:
    """The result of a successful match."""

    def __init__(self, pattern, string, pos, endpos, spans):
        self.re = pattern
        self.string = string
        self.pos = pos
        self.endpos = endpos
        self._spans = spans

    @property
    def lastindex(self):
        last = self._spans[-1]
        return last if last > 0 else None

    @property
    def lastgroup(self):
        last = self.lastindex
        return None if last is None else self.re._names.get(last)

    @property
    def regs(self):
        return tuple(self.span(g) for g in range(self.re.groups + 1))

    def _index(self, g):
        if isinstance(g, str):
            if g in self.re.groupindex:
                return self.re.groupindex[g]
        elif isinstance(g, int) and 0 <= g <= self.re.groups:
            return int(g)
        raise IndexError("no such group")

    def _get(self, g, default=None):
        s = self._spans[2 * g]
        if s < 0:
            return default
        return _text(self.string[s:self._spans[2 * g + 1]])

    def group(self, *groups):
        if not groups:
            return self._get(0)
        if len(groups) == 1:
            return self._get(self._index(groups[0]))
        return tuple(self._get(self._index(g)) for g in groups)

    def __getitem__(self, g):
        return self._get(self._index(g))

    def groups(self, default=None):
        return tuple(self._get(g, default) for g in range(1, self.re.groups + 1))

    def groupdict(self, default=None):
        return {name: self._get(n, default) for name, n in self.re.groupindex.items()}

    def start(self, group=0):
        return self._spans[2 * self._index(group)]

    def end(self, group=0):
        return self._spans[2 * self._index(group) + 1]

    def span(self, group=0):
        g = self._index(group)
        return self._spans[2 * g], self._spans[2 * g + 1]

    def expand(self, template):
        return _expand(self, _template(self.re, template))

    def __repr__(self):
        return "<re.Match object; span=(%d, %d), match=%r>" % (
            self._spans[0], self._spans[1], self.group(0))

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self


_cache = {}
_MAXCACHE = 512


def _compile(pattern, flags):
    if isinstance(pattern, Pattern):
        if flags:
            raise ValueError("cannot process flags argument with a compiled pattern")
        return pattern
    if not isinstance(pattern, str) and not _is_bytes(pattern):
        raise TypeError("first argument must be string or compiled pattern")
    key = (type(pattern), pattern, flags)
    p = _cache.get(key)
    if p is None:
        p = Pattern(pattern, flags)
        if len(_cache) >= _MAXCACHE:
            # Drops the oldest entry (dicts keep insertion order), as CPython.
            del _cache[next(iter(_cache))]
        _cache[key] = p
    return p


def compile(pattern, flags=0):
    return _compile(pattern, flags)


def purge():
    _cache.clear()


def match(pattern, string, flags=0):
    return _compile(pattern, flags).match(string)


def fullmatch(pattern, string, flags=0):
    return _compile(pattern, flags).fullmatch(string)


def search(pattern, string, flags=0):
    return _compile(pattern, flags).search(string)


def findall(pattern, string, flags=0):
    return _compile(pattern, flags).findall(string)


def finditer(pattern, string, flags=0):
    return _compile(pattern, flags).finditer(string)


def sub(pattern, repl, string, count=0, flags=0):
    return _compile(pattern, flags).sub(repl, string, count)


def subn(pattern, repl, string, count=0, flags=0):
    return _compile(pattern, flags).subn(repl, string, count)


def split(pattern, string, maxsplit=0, flags=0):
    return _compile(pattern, flags).split(string, maxsplit)


_SPECIAL = frozenset("()[]{}?*+-|^$\\.&~# \t\n\r\v\f")


def escape(pattern):
    if isinstance(pattern, str):
        return "".join("\\" + c if c in _SPECIAL else c for c in pattern)
    text = str(pattern, "latin-1")
    return escape(text).encode("latin-1")
