# OSError's fields (errno, strerror, filename, filename2), its str form, and the subclass
# an errno makes OSError(...) create; SyntaxError's fields
e = OSError(2, "No such file or directory", "x")
print(type(e).__name__, e.args, e.errno, e.strerror, e.filename, e.filename2, str(e))
e = OSError(2, "nf")
print(type(e).__name__, e.args, e.errno, e.strerror, e.filename, str(e))
e = OSError("plain")
print(e.args, e.errno, e.strerror, e.filename, str(e), repr(e))
e = OSError(1, 2, 3, 4, 5)
print(type(e).__name__, e.args, e.errno, e.strerror, e.filename, e.filename2, str(e))
e = OSError(1, 2, 3, 4, 5, 6)
print(type(e).__name__, e.args, e.errno, str(e))
print(str(FileNotFoundError(13, "x")), type(FileNotFoundError(13, "x")).__name__)
e = OSError(13, "Permission denied", "f", None, "g")
print(type(e).__name__, str(e), e.args, e.filename2)
print(repr(str(OSError())), OSError().errno, str(OSError(None, "x", "f")), str(OSError(5, "io", None)))
for n in [1, 2, 3, 4, 10, 11, 13, 17, 20, 21, 32, 103, 104, 108, 110, 111, 114, 115, 5, 999]:
    print(n, type(OSError(n, "m")).__name__, end="; ")
print()
print(IOError is OSError, EnvironmentError is OSError, issubclass(FileNotFoundError, OSError))
print(issubclass(BrokenPipeError, ConnectionError), issubclass(ConnectionError, OSError), issubclass(TimeoutError, OSError))
print([c.__name__ for c in (BlockingIOError, ChildProcessError, FileExistsError, InterruptedError,
                            IsADirectoryError, NotADirectoryError, PermissionError, ProcessLookupError,
                            ConnectionAbortedError, ConnectionRefusedError, ConnectionResetError)])
try:
    raise FileNotFoundError(2, "No such file or directory", "missing.txt")
except OSError as err:
    print("caught", type(err).__name__, err.errno, err.filename, err)
class AppError(OSError):
    pass
a = AppError(17, "exists", "here")
print(type(a).__name__, a.errno, a.strerror, a.filename, str(a), isinstance(a, OSError))
e = OSError(2, "x")
e.errno = 5
e.filename = "late"
print(e.errno, str(e))
s = SyntaxError("bad thing", ("f.py", 3, 5, "x y z\n", 3, 6))
print(s.msg, s.filename, s.lineno, s.offset, repr(s.text), s.end_lineno, s.end_offset, str(s), s.args)
s = SyntaxError("m", ("/a/b/f.py", 2, 1, "x"))
print(str(s), s.end_lineno, s.print_file_and_line)
print(str(SyntaxError("m", (None, 2, 1, "x"))), str(SyntaxError("m", ("f", None, 1, "x"))), str(SyntaxError(1, 2, 3)))
for args in [("m", (1, 2)), ("m", 5), ("m", (1, 2, 3, 4, 5, 6, 7))]:
    try:
        SyntaxError(*args)
    except TypeError as err:
        print(type(err).__name__, err)
print(IndentationError("i", ("g", 1, 2, "t")).lineno, TabError("t").msg, issubclass(TabError, SyntaxError))
