# os.path for POSIX paths ('/' separated), on str paths. The queries of the filesystem
# (exists, isfile, getsize, ...) go to the host through _os.
import _os

__all__ = ["join", "split", "splitext", "basename", "dirname", "exists", "isfile", "isdir",
           "islink", "abspath", "normpath", "getsize", "getmtime", "isabs", "expanduser",
           "splitdrive", "normcase", "relpath", "commonprefix", "sep", "curdir", "pardir",
           "extsep", "altsep", "pathsep", "defpath", "devnull"]

sep = "/"
curdir = "."
pardir = ".."
extsep = "."
altsep = None
pathsep = ":"
defpath = "/bin:/usr/bin"
devnull = "/dev/null"

_S_IFMT = 0o170000
_S_IFDIR = 0o040000
_S_IFREG = 0o100000
_S_IFLNK = 0o120000


def _check(func, *paths):
    for p in paths:
        if not isinstance(p, str):
            raise TypeError("%s() argument must be str, bytes, or os.PathLike object, not '%s'"
                            % (func, type(p).__name__))


def _fspath(p):
    if isinstance(p, str):
        return p
    raise TypeError("expected str, bytes or os.PathLike object, not " + type(p).__name__)


def normcase(s):
    return _fspath(s)


def isabs(s):
    return _fspath(s).startswith("/")


def join(a, *p):
    path = _fspath(a)
    _check("join", *p)
    for b in p:
        if b.startswith("/"):
            path = b
        elif not path or path.endswith("/"):
            path += b
        else:
            path += "/" + b
    return path


def _strip_head(head):
    # A head of only slashes (the root) keeps them; any other loses its trailing ones.
    if head and head != "/" * len(head):
        head = head.rstrip("/")
    return head


def split(p):
    p = _fspath(p)
    i = p.rfind("/") + 1
    return _strip_head(p[:i]), p[i:]


def splitext(p):
    p = _fspath(p)
    sep_index = p.rfind("/")
    dot_index = p.rfind(".")
    if dot_index > sep_index:
        # A name of only leading dots (".bashrc", "..") has no extension.
        i = sep_index + 1
        while i < dot_index:
            if p[i] != ".":
                return p[:dot_index], p[dot_index:]
            i += 1
    return p, ""


def splitdrive(p):
    return _fspath(p)[:0], p


def basename(p):
    p = _fspath(p)
    return p[p.rfind("/") + 1:]


def dirname(p):
    p = _fspath(p)
    return _strip_head(p[:p.rfind("/") + 1])


def normpath(path):
    path = _fspath(path)
    if path == "":
        return "."
    initial = 0
    if path.startswith("/"):
        # POSIX leaves the meaning of exactly two leading slashes to the system.
        initial = 2 if path.startswith("//") and not path.startswith("///") else 1
    comps = []
    for comp in path.split("/"):
        if comp in ("", "."):
            continue
        if comp != ".." or (not initial and not comps) or (comps and comps[-1] == ".."):
            comps.append(comp)
        elif comps:
            comps.pop()
    path = "/" * initial + "/".join(comps)
    return path or "."


def abspath(path):
    path = _fspath(path)
    if not isabs(path):
        path = join(_os.getcwd(), path)
    return normpath(path)


def expanduser(path):
    path = _fspath(path)
    if not path.startswith("~"):
        return path
    i = path.find("/", 1)
    if i < 0:
        i = len(path)
    if i != 1:
        # "~user": there is no user database to ask.
        return path
    import os
    home = os.environ.get("HOME")
    if home is None:
        return path
    home = home.rstrip("/")
    return (home + path[i:]) or "/"


def relpath(path, start=None):
    path = _fspath(path)
    if not path:
        raise ValueError("no path specified")
    start = curdir if start is None else _fspath(start)
    start_list = [x for x in abspath(start).split("/") if x]
    path_list = [x for x in abspath(path).split("/") if x]
    i = len(commonprefix([start_list, path_list]))
    rel_list = [pardir] * (len(start_list) - i) + path_list[i:]
    if not rel_list:
        return curdir
    return join(*rel_list)


def commonprefix(m):
    if not m:
        return ""
    s1 = min(m)
    s2 = max(m)
    for i, c in enumerate(s1):
        if c != s2[i]:
            return s1[:i]
    return s1


def _mode(path, follow=True):
    try:
        return _os.stat(_fspath(path), follow)[0]
    except (OSError, ValueError):
        return None


def exists(path):
    return _mode(path) is not None


def lexists(path):
    return _mode(path, False) is not None


def isfile(path):
    m = _mode(path)
    return m is not None and m & _S_IFMT == _S_IFREG


def isdir(s):
    m = _mode(s)
    return m is not None and m & _S_IFMT == _S_IFDIR


def islink(path):
    m = _mode(path, False)
    return m is not None and m & _S_IFMT == _S_IFLNK


def getsize(filename):
    return _os.stat(_fspath(filename), True)[6]


def getmtime(filename):
    return _os.stat(_fspath(filename), True)[8]
