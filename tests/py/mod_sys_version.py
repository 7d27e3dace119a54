# sys.version_info (a named tuple that compares with tuples), sys.version, sys.hexversion,
# sys.implementation, sys.byteorder and sys.platform (values printed only where every
# CPython 3.11 and Tiercel agree)
import sys
vi = sys.version_info
print(vi >= (3, 11), vi < (4,), (3, 12) > vi, vi[:2], vi[0], vi.major, vi.minor, vi.releaselevel, vi.serial)
print(vi == tuple(vi), len(vi), vi[-2], isinstance(vi, tuple), type(vi).__name__, list(vi)[:2])
major, minor, *rest = vi
print(major, minor, len(rest), "%d.%d" % vi[:2], "{0.major}.{0.minor}".format(vi), hash(vi) == hash(tuple(vi)))
print(repr(vi).startswith("sys.version_info(major=3, minor=11, micro="), repr(vi).endswith("releaselevel='final', serial=0)"))
print(type(vi.micro).__name__, vi.micro == vi[2], vi.index(11), vi.count(3) >= 1, max(vi[:2]), vi[1:3][0])
print(type(sys.version).__name__, sys.version.startswith("3.11."), sys.version.split()[0].count("."))
print(sys.hexversion >> 16 == 0x030B, hex(sys.hexversion)[:6], type(sys.hexversion).__name__)
impl = sys.implementation
print(impl.name in ("cpython", "tiercel"), impl.name == impl.name.lower(), impl.version >= (0,), type(impl.version).__name__)
print(type(impl.hexversion).__name__, repr(impl).startswith("namespace(name="), impl.cache_tag is None or isinstance(impl.cache_tag, str))
print(sys.byteorder in ("little", "big"), isinstance(sys.platform, str), sys.maxsize == 2 ** 63 - 1)
if sys.version_info >= (3, 8):
    print("modern enough")
if sys.version_info[:2] < (3, 0):
    print("python 2")
print(sorted([vi, (3, 10), (3, 12, 1)])[1] == vi, (3, 11) <= vi <= (3, 11, 99))
