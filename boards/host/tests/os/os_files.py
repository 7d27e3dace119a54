# os and os.path on the host's filesystem, run in an empty temporary directory with
# TIERCEL_OS_TEST=value in the environment; the expected output (os_files.exp) is CPython's.
import os
import os.path

print(os.listdir(), os.listdir("."), os.getcwd() == os.path.abspath("."))
print(os.path.abspath("x") == os.path.join(os.getcwd(), "x"), os.path.isabs(os.getcwd()))

os.mkdir("top")
os.makedirs(os.path.join("top", "a", "b"))
os.makedirs(os.path.join("top", "a", "b"), exist_ok=True)
os.makedirs("top/c/", exist_ok=True)
with open(os.path.join("top", "a", "f.txt"), "w") as f:
    f.write("hello")
with open("top/g.bin", "wb") as f:
    f.write(bytes(300))
print(sorted(os.listdir("top")), sorted(os.listdir(os.path.join("top", "a"))))

st = os.stat("top/a/f.txt")
print(st.st_size, st[6], len(st), type(st.st_mtime).__name__, type(st[8]).__name__)
print(oct(st.st_mode & 0o170000), oct(os.stat("top").st_mode & 0o170000))
print(st.st_mtime >= st[8], st == os.stat("top/a/f.txt"), repr(st).startswith("os.stat_result(st_mode="))
print(os.path.getsize("top/g.bin"), os.path.getmtime("top/g.bin") == os.stat("top/g.bin").st_mtime)
for p in ["top", "top/a/f.txt", "nope", "top/nope/x", ""]:
    print(repr(p), os.path.exists(p), os.path.isfile(p), os.path.isdir(p), os.path.islink(p))

os.rename("top/a/f.txt", "top/h.txt")
os.replace("top/g.bin", "top/h.txt")
print(sorted(os.listdir("top")), os.path.getsize("top/h.txt"))

# listdir's order is the filesystem's: sorting dirs in place fixes the walk's order.
walked = []
for top, dirs, files in os.walk("top"):
    dirs.sort()
    walked.append((top, dirs, sorted(files)))
print(walked)
bottom_up = [top for top, dirs, files in os.walk("top", topdown=False)]
print(sorted(bottom_up), bottom_up[-1], bottom_up.index("top/a/b") < bottom_up.index("top/a"))
pruned = []
for top, dirs, files in os.walk("top"):
    pruned.append(top)
    dirs[:] = [d for d in dirs if d != "a"]
print(pruned, list(os.walk("nope")))
errors = []
print(list(os.walk("nope", onerror=errors.append)), [type(e).__name__ for e in errors])

attempts = [
    lambda: os.listdir("nope"),
    lambda: os.remove("nope"),
    lambda: os.unlink("nope"),
    lambda: os.rmdir("top"),
    lambda: os.rmdir("nope"),
    lambda: os.rename("nope1", "nope2"),
    lambda: os.mkdir("top"),
    lambda: os.makedirs("top"),
    lambda: os.stat("nope"),
    lambda: os.lstat("nope"),
    lambda: os.path.getsize("nope"),
    lambda: open("nope"),
    lambda: os.listdir("top/h.txt"),
    lambda: os.listdir(1.5),
    lambda: os.mkdir(None),
    lambda: os.rename("a", 2),
    lambda: os.stat(1.5),
    lambda: os.remove("top"),
]
for attempt in attempts:
    try:
        attempt()
    except (OSError, TypeError) as e:
        print(type(e).__name__, e, getattr(e, "errno", None), getattr(e, "filename", None))

os.remove("top/h.txt")
os.removedirs("top/a/b")
os.rmdir("top/c")
print(os.path.exists("top"), os.listdir())

print(os.environ["TIERCEL_OS_TEST"], os.getenv("TIERCEL_OS_TEST"), "TIERCEL_OS_TEST" in os.environ)
print(os.getenv("TIERCEL_NOT_SET"), os.getenv("TIERCEL_NOT_SET", "dflt"))
os.environ["TIERCEL_NEW"] = "1"
print(os.environ.get("TIERCEL_NEW"), type(os.environ).__name__)
try:
    os.environ["TIERCEL_BAD"] = 1
except TypeError as e:
    print(type(e).__name__, e)
home = os.environ.get("HOME")
if home is not None:
    print(os.path.expanduser("~") == (home.rstrip("/") or "/"),
          os.path.expanduser("~/x") == os.path.join(home, "x"))
