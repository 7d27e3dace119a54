# print: sep, end, file, flush
import sys
print()
print("a", "b", "c")
print("a", "b", "c", sep="-")
print("a", "b", sep="")
print("no newline", end="")
print(" continued", end="!\n")
print(1, 2, 3, sep=", ", end=".\n")
print("to stderr", file=sys.stderr)
print("err", 42, sep=":", file=sys.stderr)
print("flushed", flush=True)
print(*[1, 2, 3])
print(*"abc", sep="|")
print(None, True, 1.5, [1], (2,), {"k": 3}, "s")
print("multi\nline")
print("x", sep=None, end=None)
sys.stdout.write("via write\n")
n = sys.stdout.write("abc\n")
print(n)
sys.stderr.write("stderr write\n")
print("", end="")
print("tab\tsep")
try:
    print("x", sep=5)
except TypeError as e:
    print(type(e).__name__, e)
try:
    print("x", end=3)
except TypeError as e:
    print(type(e).__name__, e)
try:
    print("x", foo=1)
except TypeError as e:
    print(type(e).__name__, e)
