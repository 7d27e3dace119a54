# sys module pieces
import sys
print(len(sys.argv), type(sys.argv).__name__, sys.argv[0].endswith("mod_sys.py"))
print(sys.maxsize == 2 ** 63 - 1 or sys.maxsize == 2 ** 31 - 1, type(sys.maxsize).__name__)
old = sys.getrecursionlimit()
print(type(old).__name__, old >= 1000)
sys.setrecursionlimit(2000)
print(sys.getrecursionlimit())
def depth(n):
    return 0 if n == 0 else 1 + depth(n - 1)
print(depth(1800))
sys.setrecursionlimit(old)
print(sys.getrecursionlimit() == old)
n = sys.stdout.write("written\n")
print(n)
sys.stdout.write("a")
sys.stdout.write("b\n")
print(sys.stdout is not sys.stderr, callable(sys.exit))
try:
    sys.setrecursionlimit(-5)
except ValueError as e:
    print(type(e).__name__, e)
try:
    sys.setrecursionlimit("x")
except TypeError as e:
    print(type(e).__name__, e)
from sys import maxsize
print(maxsize == sys.maxsize)
