# sys.getsizeof gives a positive size for any object (the figures are the VM's own, so only
# their sign and order are checked here) and uses a class's __sizeof__.
import sys


class Plain:
    pass


class Sized:
    def __sizeof__(self):
        return 1234


class Negative:
    def __sizeof__(self):
        return -1


class NotInt:
    def __sizeof__(self):
        return "big"


for obj in (0, 1.5, None, "text", b"bytes", [1, 2], (1,), {1: 2}, {3}, Plain(), len, Plain):
    print(type(obj).__name__, sys.getsizeof(obj) > 0)
print(sys.getsizeof(list(range(1000))) > sys.getsizeof([]))
print(sys.getsizeof(Sized()) >= 1234)
for obj in (Negative(), NotInt()):
    try:
        sys.getsizeof(obj)
    except (ValueError, TypeError) as e:
        print(type(e).__name__, e)
