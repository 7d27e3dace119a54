# The traceback module: extract_tb, format_tb, format_list, walk_tb, format_exc, print_exc,
# format_exception(_only), print_exception, print_tb, with limits and chained exceptions.
import sys
import traceback


def norm(text):
    # The file name without its directory (CPython shows the script's absolute path), and
    # no caret lines (CPython 3.11 draws them; the VM does not).
    out = []
    for line in text.splitlines(True):
        if line.strip() and not line.strip(" ^~\n"):
            continue
        if 'File "' in line:
            a = line.index('File "') + 6
            b = line.index('"', a)
            line = line[:a] + line[a:b].split("/")[-1] + line[b:]
        out.append(line)
    return "".join(out)


def base(name):
    return name.split("/")[-1]


def fail(x):
    raise ValueError("bad %d" % x)


def middle(x):
    fail(x)


try:
    middle(7)
except ValueError as e:
    tb = e.__traceback__
    summary = traceback.extract_tb(tb)
    print(type(summary).__name__, len(summary))
    for fs in summary:
        filename, lineno, name, line = fs
        print(base(filename), lineno, name, repr(line), fs.lineno == lineno, len(fs))
    print(summary[0] == tuple(summary[0]), summary[1][2], summary[-1].line)
    print([base(f.filename) for f in traceback.extract_tb(tb, limit=1)])
    print([f.name for f in traceback.extract_tb(tb, -1)], traceback.extract_tb(tb, 0))
    print(norm("".join(traceback.format_tb(tb))), end="")
    print(len(traceback.format_tb(tb)), len(traceback.format_tb(tb, limit=2)))
    print([(f.f_code.co_name, n) for f, n in traceback.walk_tb(tb)])
    print(norm(traceback.format_exc()), end="")
    print(traceback.format_exc(limit=-1).count("File"))
    traceback.print_exc()
    print(norm("".join(traceback.format_list(summary))), end="")
    print(norm("".join(summary.format())), end="")

print(traceback.format_exc(), end="")
print(traceback.format_exception_only(ValueError("x")))
print(traceback.format_exception_only(KeyError, KeyError("k")))
print(traceback.format_exception_only(ValueError, None))
print(traceback.format_exception_only(StopIteration()))


class AppError(Exception):
    pass


def convert():
    try:
        middle(1)
    except ValueError as e:
        raise AppError("wrapped") from e


def handle():
    try:
        middle(2)
    except ValueError:
        {}["missing"]


for f in (convert, handle):
    try:
        f()
    except Exception as e:
        parts = traceback.format_exception(e)
        print(len(parts), norm("".join(parts)) == norm(traceback.format_exc()))
        print(norm("".join(parts)), end="")
        print(norm("".join(traceback.format_exception(type(e), e, e.__traceback__, chain=False))), end="")
        traceback.print_exception(e)
        traceback.print_exception(type(e), e, None, limit=1)
        traceback.print_tb(e.__traceback__, 1)

for bad in (5, "x"):
    for fn in (traceback.extract_tb, traceback.format_tb):
        try:
            fn(bad)
        except AttributeError as e:
            print(type(e).__name__, e)
print(traceback.extract_tb(None), traceback.format_tb(None))


class Sink:
    def __init__(self):
        self.parts = []

    def write(self, s):
        self.parts.append(s)


try:
    fail(9)
except ValueError:
    sink = Sink()
    traceback.print_exc(file=sink)
    print(norm("".join(sink.parts)), end="")

fs = traceback.FrameSummary("m.py", 3, "f", line="  x = 1  ")
print(fs, list(fs), fs == ("m.py", 3, "f", "x = 1"))
print(traceback.format_list([fs, ("n.py", 4, "g", "y()")]))
