# os.path's pure functions (no filesystem): join, split, splitext, basename, dirname,
# normpath, isabs, abspath of absolute paths, commonprefix, and os's constants.
import os
import os.path
from os.path import join, split, splitext, basename, dirname, normpath, isabs

print(os.name, repr(os.sep), repr(os.linesep), os.curdir, os.pardir, os.extsep, os.pathsep)
print(os.path is os.path, os.path.sep, os.path.altsep)

joins = [("a",), ("a", "b"), ("a/", "b"), ("a", "/b", "c"), ("", "b"), ("a", ""),
         ("/", "x"), ("a//", "b/", "c"), ("a", "b", "", "c")]
for parts in joins:
    print("join", parts, repr(join(*parts)))

paths = ["", "/", "//", "///", "a", "a/", "/a", "/a/b", "a/b/", "a//b", "//a//b//",
         "a/b.txt", ".bashrc", "a/.bashrc", "a.b/c", "a/b.tar.gz", "..", "a/..", "...",
         "a/...x", "./a", "a/./b/../c"]
for p in paths:
    print(repr(p), split(p), splitext(p), repr(basename(p)), repr(dirname(p)),
          repr(normpath(p)), isabs(p))

for p in ["/a/b/../../..", "/../x", "../../y", "a/../../b", "//x/../y", "///x/./y/",
          "/a/b/c/../../d/./e"]:
    print("normpath", repr(p), repr(normpath(p)))
print(os.path.abspath("/a/b/../c"), os.path.abspath("//x"))
print(os.path.commonprefix(["/usr/lib", "/usr/local", "/usr/li"]),
      repr(os.path.commonprefix([])))
print(os.path.splitdrive("/a/b"), os.path.normcase("A/b"))
print(os.path.expanduser("plain"), os.path.expanduser("/abs/~x"))
print(os.path.relpath("/a/b/c", "/a/d"), os.path.relpath("/a", "/a"),
      os.path.relpath("/x/y", "/"))

for bad in [lambda: join("a", 1), lambda: join(None), lambda: split(3),
            lambda: os.path.relpath("")]:
    try:
        bad()
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)
from os import path as p2
print(p2 is os.path, callable(os.getcwd), os.error is OSError)
