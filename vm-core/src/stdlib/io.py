SEEK_SET = 0
SEEK_CUR = 1
SEEK_END = 2


# Files: open() and its classes (the builtin module _fileio), with its UnsupportedOperation.
from _fileio import (
    BufferedRandom,
    BufferedReader,
    BufferedWriter,
    TextIOWrapper,
    UnsupportedOperation,
)
from builtins import open


class _BufferBase:
    def __init__(self, initial):
        self._buf = initial
        self._pos = 0
        self.closed = False

    def _check(self):
        if self.closed:
            raise ValueError(self._closed_msg)

    def getvalue(self):
        self._check()
        return self._buf

    def tell(self):
        self._check()
        return self._pos

    def seek(self, pos, whence=0):
        self._check()
        if whence == 0:
            if pos < 0:
                raise ValueError(self._neg_seek_msg + str(pos))
            self._pos = pos
        elif whence == 1:
            self._pos = max(0, self._pos + pos)
        elif whence == 2:
            self._pos = max(0, len(self._buf) + pos)
        else:
            raise ValueError(f"{self._whence_msg} ({whence}, should be 0, 1 or 2)")
        return self._pos

    def read(self, size=-1):
        self._check()
        end = len(self._buf) if size is None or size < 0 else self._pos + size
        r = self._buf[self._pos:end]
        self._pos += len(r)
        return r

    def readline(self, size=-1):
        self._check()
        i = self._buf.find(self._nl, self._pos)
        end = len(self._buf) if i < 0 else i + 1
        if size is not None and size >= 0:
            end = min(end, self._pos + size)
        r = self._buf[self._pos:end]
        self._pos += len(r)
        return r

    def readlines(self, hint=-1):
        return list(self)

    def write(self, s):
        self._check()
        self._typecheck(s)
        n = len(s)
        buf = self._buf
        if self._pos == len(buf):
            self._buf = buf + self._conv(s)
            self._pos += n
            return n
        if self._pos > len(buf):
            buf = buf + self._fill * (self._pos - len(buf))
        self._buf = buf[:self._pos] + self._conv(s) + buf[self._pos + n:]
        self._pos += n
        return n

    def writelines(self, lines):
        for line in lines:
            self.write(line)

    def truncate(self, size=None):
        self._check()
        if size is None:
            size = self._pos
        if size < 0:
            raise ValueError(f"Negative size value {size}")
        self._buf = self._buf[:size]
        return size

    def readable(self):
        self._check()
        return True

    writable = seekable = readable

    def flush(self):
        self._check()

    def isatty(self):
        self._check()
        return False

    def close(self):
        self.closed = True

    def __iter__(self):
        self._check()
        return self

    def __next__(self):
        line = self.readline()
        if not line:
            raise StopIteration
        return line

    def __enter__(self):
        self._check()
        return self

    def __exit__(self, *args):
        self.close()


class StringIO(_BufferBase):
    _closed_msg = "I/O operation on closed file"
    _neg_seek_msg = "Negative seek position "
    _whence_msg = "Invalid whence"
    _nl = "\n"
    _fill = "\0"

    def __init__(self, initial_value="", newline="\n"):
        if initial_value is None:
            initial_value = ""
        if not isinstance(initial_value, str):
            raise TypeError("initial_value must be str or None, not "
                            f"{type(initial_value).__name__}")
        super().__init__(initial_value)

    def _typecheck(self, s):
        if not isinstance(s, str):
            raise TypeError(f"string argument expected, got '{type(s).__name__}'")

    def _conv(self, s):
        return s


class BytesIO(_BufferBase):
    _closed_msg = "I/O operation on closed file."
    _neg_seek_msg = "negative seek value "
    _whence_msg = "invalid whence"
    _nl = b"\n"
    _fill = b"\0"

    def __init__(self, initial_bytes=b""):
        super().__init__(bytes(initial_bytes))

    def _typecheck(self, s):
        if isinstance(s, str):
            raise TypeError(f"a bytes-like object is required, not '{type(s).__name__}'")

    def _conv(self, s):
        return bytes(s)

    def read1(self, size=-1):
        return self.read(size)

    def readinto(self, b):
        data = self.read(len(b))
        b[:len(data)] = data
        return len(data)

    def getbuffer(self):
        return memoryview(self._buf)
