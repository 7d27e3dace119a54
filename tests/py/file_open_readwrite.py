# open(): text and binary files, read and write, with, iteration, seek and tell, append,
# exclusive creation, newline handling, UTF-8 across chunk boundaries, and the errors.
import time

try:
    from os import remove
except ImportError:
    from _fs import remove

# Runs of this program in several tiers at once each use their own file.
name = "_tiercel_file_test_%d.tmp" % (int(time.time() * 1e6) % 10**9 + id(remove) % 1000)
with open(name, "w") as f:
    print(type(f).__name__, f.mode, f.closed, f.writable(), f.readable())
    print(f.write("first line\n"), f.write("second ünïcode line\nthird"))
    f.writelines(["\n", "fourth\n"])
print(f.closed)
with open(name) as f:
    print(repr(f.read()))
with open(name) as f:
    print([line for line in f])
with open(name) as f:
    print(repr(f.readline()), repr(f.readline(4)), repr(f.read(5)), f.readlines())
with open(name, "rb") as f:
    print(type(f).__name__, f.read(5), f.tell(), f.seek(0), f.readline(), f.seek(-7, 2))
    print(f.read(), f.read(), f.tell())
with open(name, "a") as f:
    f.write("appended\n")
with open(name, "r+") as f:
    print(repr(f.readline()))
    print(f.seek(0), f.read(5), f.tell())
    print(f.seek(0, 2) > 0, repr(f.read()))
with open(name, "wb") as f:
    data = bytes(range(256)) * 40 + "é€😀".encode() * 3000
    print(f.write(data), f.write(bytearray(b"\r\nx\ry\n")))
with open(name, "rb") as f:
    print(f.read() == data + b"\r\nx\ry\n")
with open(name, "w") as f:
    f.write("é€😀" * 5000 + "\r\nx\ry\n")
with open(name, encoding="utf-8") as f:
    s = f.read()
    print(len(s), s[-6:] == "\nx\ny\n")
with open(name, newline="") as f:
    print(f.read()[-7:] == "\r\nx\ry\n")
with open(name) as f:
    n = 0
    while True:
        c = f.read(3)
        if not c:
            break
        n += len(c)
    print(n)
for bad in [lambda: open(name, "rw"), lambda: open(name, "rbt"), lambda: open(name, "z"),
            lambda: open(name, "rb", encoding="utf-8"), lambda: open(name, newline="x")]:
    try:
        bad()
    except ValueError as e:
        print("ValueError:", e)
try:
    open("_no_such_dir_/x.txt")
except FileNotFoundError as e:
    print(type(e).__name__, e.errno, e.strerror, e.filename, e)
try:
    open(name, "x")
except FileExistsError as e:
    print(type(e).__name__, e.errno, e.strerror)
try:
    open(".")
except IsADirectoryError as e:
    print(type(e).__name__, e)
try:
    open(3.5)
except TypeError as e:
    print("TypeError:", e)
with open(name, "w") as f:
    try:
        f.read()
    except OSError as e:
        print(type(e).__name__, isinstance(e, ValueError), e)
    try:
        f.write(b"x")
    except TypeError as e:
        print("TypeError:", e)
with open(name, "rb") as f:
    try:
        f.write(b"x")
    except OSError as e:
        print(type(e).__name__, e)
    try:
        f.write("x")
    except (TypeError, OSError) as e:
        print(type(e).__name__, e)
try:
    f.read()
except ValueError as e:
    print("ValueError:", e)
f = open(name, "w")
print(f.write("x" * 10))
f.close()
f.close()
print(open(name).read())
with open(name, "w") as f:
    print("line", 1, file=f)
    print("line", 2, file=f, end="!\n")
print(open(name).read(), end="")
remove(name)
try:
    open(name)
except FileNotFoundError as e:
    print(type(e).__name__, e.errno)
