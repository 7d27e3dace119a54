# File objects over the host's filesystem (module _fs). Writes go straight to the host;
# reads go through a buffer, which a seek or a write drops.
import _fs


class UnsupportedOperation(OSError, ValueError):
    pass


UnsupportedOperation.__module__ = "io"
_READ, _WRITE, _APPEND, _CREATE, _TRUNC, _EXCL = 1, 2, 4, 8, 16, 32
_CHUNK = 8192


def _flags(mode):
    if not isinstance(mode, str):
        raise TypeError("open() argument 'mode' must be str, not " + type(mode).__name__)
    kinds = set(mode)
    if len(kinds) != len(mode) or not kinds <= set("rwaxbt+"):
        raise ValueError("invalid mode: %r" % mode)
    if "b" in kinds and "t" in kinds:
        raise ValueError("can't have text and binary mode at once")
    if sum(c in kinds for c in "rwax") != 1:
        raise ValueError("must have exactly one of create/read/write/append mode")
    flags = 0
    if "r" in kinds:
        flags = _READ
    elif "w" in kinds:
        flags = _WRITE | _CREATE | _TRUNC
    elif "a" in kinds:
        flags = _WRITE | _CREATE | _APPEND
    else:
        flags = _WRITE | _CREATE | _EXCL
    if "+" in kinds:
        flags |= _READ | _WRITE
    return flags


class _Raw:
    def __init__(self, name, mode, flags):
        self.name = name
        self.mode = mode
        self._flags = flags
        self._h = _fs.open(name, flags)
        self._rbuf = b""

    @property
    def closed(self):
        return self._h is None

    def _check(self, want=0, what="", closed="I/O operation on closed file."):
        if self._h is None:
            raise ValueError(closed)
        if want and not self._flags & want:
            raise UnsupportedOperation(what)

    def readable(self):
        self._check()
        return bool(self._flags & _READ)

    def writable(self):
        self._check()
        return bool(self._flags & _WRITE)

    def seekable(self):
        self._check()
        return True

    def fileno(self):
        self._check()
        return self._h

    def isatty(self):
        self._check()
        return False

    def flush(self):
        self._check()

    def close(self):
        if self._h is not None:
            h, self._h = self._h, None
            _fs.close(h)

    def __enter__(self):
        self._check()
        return self

    def __exit__(self, *exc):
        self.close()

    def __iter__(self):
        self._check()
        return self

    def __next__(self):
        line = self.readline()
        if not line:
            raise StopIteration
        return line

    def _raw_read(self, n):
        # n bytes from the buffer then the host (all the rest when n < 0).
        buf = self._rbuf
        if n < 0:
            self._rbuf = b""
            return buf + _fs.read(self._h, -1)
        while len(buf) < n:
            more = _fs.read(self._h, max(n - len(buf), _CHUNK))
            if not more:
                break
            buf += more
        self._rbuf = buf[n:]
        return buf[:n]

    def _raw_line(self, limit):
        buf = self._rbuf
        while True:
            i = buf.find(b"\n")
            if i >= 0 or (0 <= limit <= len(buf)):
                end = i + 1 if i >= 0 else len(buf)
                if 0 <= limit < end:
                    end = limit
                self._rbuf = buf[end:]
                return buf[:end]
            more = _fs.read(self._h, _CHUNK)
            if not more:
                self._rbuf = b""
                return buf
            buf += more

    def _drop_buffer(self):
        if self._rbuf:
            _fs.seek(self._h, -len(self._rbuf), 1)
            self._rbuf = b""

    def _raw_write(self, data):
        self._drop_buffer()
        return _fs.write(self._h, data)

    def _raw_tell(self):
        return _fs.seek(self._h, 0, 1) - len(self._rbuf)

    def _raw_seek(self, pos, whence):
        if whence == 1:
            pos -= len(self._rbuf)
        self._rbuf = b""
        return _fs.seek(self._h, pos, whence)


class _Buffered(_Raw):
    def read(self, size=-1):
        self._check(_READ, "read", "read of closed file")
        return self._raw_read(-1 if size is None else size)

    def read1(self, size=-1):
        return self.read(size)

    def readline(self, size=-1):
        self._check(_READ, "readline", "readline of closed file")
        return self._raw_line(-1 if size is None else size)

    def readlines(self, hint=-1):
        return _lines(self, hint)

    def write(self, b):
        self._check(_WRITE, "write", "write to closed file")
        if isinstance(b, str):
            raise TypeError("a bytes-like object is required, not 'str'")
        return self._raw_write(b)

    def writelines(self, lines):
        for b in lines:
            self.write(b)

    def tell(self):
        self._check()
        return self._raw_tell()

    def seek(self, pos, whence=0):
        self._check(0, "", "seek of closed file")
        return self._raw_seek(pos, whence)

    def __repr__(self):
        return "<_io.%s name=%r>" % (type(self).__name__, self.name)


class BufferedReader(_Buffered):
    pass


class BufferedWriter(_Buffered):
    pass


class BufferedRandom(_Buffered):
    pass


class TextIOWrapper(_Raw):
    def __init__(self, name, mode, flags, encoding, errors, newline):
        if newline not in (None, "", "\n", "\r", "\r\n"):
            raise ValueError("illegal newline value: %s" % (newline,))
        self.encoding = encoding
        self.errors = errors
        self._newline = newline
        self._text = ""
        self._raw_tail = b""
        _Raw.__init__(self, name, mode, flags)

    def _decode(self, data, final):
        # Keeps an incomplete UTF-8 sequence (and a '\r' that may start '\r\n') for later.
        data = self._raw_tail + data
        cut = len(data)
        if not final and self.encoding.lower().replace("-", "") in ("utf8", "utf_8"):
            k = len(data) - 1
            while k >= 0 and k >= len(data) - 4 and data[k] & 0xC0 == 0x80:
                k -= 1
            if k >= 0 and data[k] >= 0xC0:
                need = 2 if data[k] < 0xE0 else 3 if data[k] < 0xF0 else 4
                if len(data) - k < need:
                    cut = k
        if not final and self._newline is None and data[:cut].endswith(b"\r"):
            cut -= 1
        self._raw_tail = data[cut:]
        text = data[:cut].decode(self.encoding, self.errors)
        if self._newline is None:
            text = text.replace("\r\n", "\n").replace("\r", "\n")
        return text

    def _fill(self):
        more = _fs.read(self._h, _CHUNK)
        self._text += self._decode(more, not more)
        return bool(more)

    def read(self, size=-1):
        self._check(_READ, "not readable")
        if size is None or size < 0:
            text = self._text + self._decode(self._raw_read(-1), True)
            self._text = ""
            return text
        while len(self._text) < size and self._fill():
            pass
        text, self._text = self._text[:size], self._text[size:]
        return text

    def readline(self, size=-1):
        self._check(_READ, "not readable")
        if size is None:
            size = -1
        end = "\n" if self._newline in (None, "") else self._newline
        while True:
            i = self._text.find(end)
            if i >= 0 or 0 <= size <= len(self._text):
                stop = i + len(end) if i >= 0 else len(self._text)
                if 0 <= size < stop:
                    stop = size
                break
            if not self._fill():
                stop = len(self._text)
                break
        line, self._text = self._text[:stop], self._text[stop:]
        return line

    def readlines(self, hint=-1):
        return _lines(self, hint)

    def write(self, s):
        self._check(_WRITE, "not writable")
        if not isinstance(s, str):
            raise TypeError("write() argument must be str, not " + type(s).__name__)
        self._drop_text()
        text = s
        if self._newline not in (None, "", "\n"):
            text = text.replace("\n", self._newline)
        self._raw_write(text.encode(self.encoding, self.errors))
        return len(s)

    def writelines(self, lines):
        for s in lines:
            self.write(s)

    def _drop_text(self):
        if self._text or self._raw_tail:
            back = len(self._text.encode(self.encoding, self.errors)) + len(self._raw_tail)
            _fs.seek(self._h, -back, 1)
            self._text, self._raw_tail = "", b""

    def tell(self):
        self._check()
        pending = len(self._text.encode(self.encoding, self.errors)) + len(self._raw_tail)
        return self._raw_tell() - pending

    def seek(self, pos, whence=0):
        self._check()
        if whence == 1 and pos != 0:
            raise UnsupportedOperation("can't do nonzero cur-relative seeks")
        if whence == 2 and pos != 0:
            raise UnsupportedOperation("can't do nonzero end-relative seeks")
        if whence == 1:
            return self.tell()
        self._text, self._raw_tail = "", b""
        return self._raw_seek(pos, whence)

    def __repr__(self):
        return "<_io.TextIOWrapper name=%r mode=%r encoding=%r>" % (
            self.name,
            self.mode,
            self.encoding,
        )


def _lines(f, hint):
    lines = []
    total = 0
    for line in f:
        lines.append(line)
        total += len(line)
        if 0 < hint <= total:
            break
    return lines


for _c in (BufferedReader, BufferedWriter, BufferedRandom, TextIOWrapper):
    _c.__module__ = "_io"


def open(file, mode="r", buffering=-1, encoding=None, errors=None, newline=None, closefd=True, opener=None):
    if not isinstance(file, str):
        if isinstance(file, (bytes, bytearray)):
            file = file.decode()
        else:
            raise TypeError(
                "expected str, bytes or os.PathLike object, not " + type(file).__name__
            )
    flags = _flags(mode)
    if "b" in mode:
        if encoding is not None:
            raise ValueError("binary mode doesn't take an encoding argument")
        if errors is not None:
            raise ValueError("binary mode doesn't take an errors argument")
        if newline is not None:
            raise ValueError("binary mode doesn't take a newline argument")
        if "+" in mode:
            return BufferedRandom(file, mode, flags)
        if flags & _WRITE:
            return BufferedWriter(file, mode, flags)
        return BufferedReader(file, mode, flags)
    if encoding is None:
        encoding = "UTF-8"
    if errors is None:
        errors = "strict"
    return TextIOWrapper(file, mode, flags, encoding, errors, newline)
