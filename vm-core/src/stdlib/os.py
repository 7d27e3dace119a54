# Operating system interfaces on the host: files and directories, the environment, and
# os.path (the module posixpath). The calls go to the host through _os; a board without a
# filesystem raises OSError for them, and its environment is empty.
import _os
import posixpath as path

# `import os.path` finds it there (without `sys`, which a capability list may withhold).
_os.set_path_module(path)

name = "posix"
sep = path.sep
altsep = path.altsep
curdir = path.curdir
pardir = path.pardir
extsep = path.extsep
pathsep = path.pathsep
defpath = path.defpath
devnull = path.devnull
linesep = "\n"
error = OSError

getcwd = _os.getcwd


def fspath(p):
    if isinstance(p, (str, bytes)):
        return p
    raise TypeError("expected str, bytes or os.PathLike object, not " + type(p).__name__)


def listdir(path=None):
    return _os.listdir("." if path is None else path)


def mkdir(path, mode=0o777):
    _os.mkdir(path)


def makedirs(name, mode=0o777, exist_ok=False):
    head, tail = path.split(name)
    if not tail:
        head, tail = path.split(head)
    if head and tail and not path.exists(head):
        try:
            makedirs(head, exist_ok=exist_ok)
        except FileExistsError:
            # Made meanwhile: that is fine.
            pass
        if tail == curdir:
            return
    try:
        _os.mkdir(name)
    except OSError:
        # The error is kept when asked, or when name is not a directory.
        if not exist_ok or not path.isdir(name):
            raise


def remove(path):
    _os.remove(path)


def unlink(path):
    _os.unlink(path)


def rmdir(path):
    _os.rmdir(path)


def removedirs(name):
    rmdir(name)
    head, tail = path.split(name)
    if not tail:
        head, tail = path.split(head)
    while head and tail:
        try:
            rmdir(head)
        except OSError:
            break
        head, tail = path.split(head)


def rename(src, dst):
    _os.rename(src, dst)


replace = rename


class stat_result:
    _names = ("st_mode", "st_ino", "st_dev", "st_nlink", "st_uid", "st_gid", "st_size",
              "st_atime", "st_mtime", "st_ctime")

    def __init__(self, values):
        values = tuple(values)
        if len(values) != 10:
            raise TypeError("os.stat_result() takes a 10-sequence (%d-sequence given)"
                            % len(values))
        # As a sequence the times are whole seconds; as attributes, float seconds.
        self._seq = values[:7] + tuple(int(t) for t in values[7:])
        for n, v in zip(self._names, values):
            object.__setattr__(self, n, v)

    def __setattr__(self, name, value):
        if name == "_seq":
            object.__setattr__(self, name, value)
        else:
            raise AttributeError("readonly attribute")

    def __getitem__(self, i):
        return self._seq[i]

    def __len__(self):
        return 10

    def __iter__(self):
        return iter(self._seq)

    def __eq__(self, other):
        if isinstance(other, stat_result):
            return self._seq == other._seq
        return NotImplemented

    def __hash__(self):
        return hash(self._seq)

    def __repr__(self):
        return "os.stat_result(%s)" % ", ".join(
            "%s=%r" % (n, v) for n, v in zip(self._names, self._seq))


def stat(path, *, follow_symlinks=True):
    return stat_result(_os.stat(path, follow_symlinks))


def lstat(path):
    return stat_result(_os.stat(path, False))


class _Environ(dict):
    def __setitem__(self, key, value):
        for v in (key, value):
            if not isinstance(v, str):
                raise TypeError("str expected, not " + type(v).__name__)
        dict.__setitem__(self, key, value)

    def setdefault(self, key, value):
        if key not in self:
            self[key] = value
        return self[key]

    def copy(self):
        return dict(self)

    def __repr__(self):
        return "environ(%s)" % dict.__repr__(self)


environ = _Environ(_os.environ())


def getenv(key, default=None):
    return environ.get(key, default)


def walk(top, topdown=True, onerror=None, followlinks=False):
    stack = [top]
    while stack:
        top = stack.pop()
        if isinstance(top, tuple):
            # A directory whose subdirectories were walked: its own entry comes now.
            yield top
            continue
        try:
            names = listdir(top)
        except OSError as e:
            if onerror is not None:
                onerror(e)
            continue
        dirs, nondirs = [], []
        for n in names:
            full = path.join(top, n)
            if path.isdir(full):
                dirs.append(n)
            else:
                nondirs.append(n)
        if topdown:
            yield top, dirs, nondirs
            for d in reversed(dirs):
                full = path.join(top, d)
                if followlinks or not path.islink(full):
                    stack.append(full)
        else:
            stack.append((top, dirs, nondirs))
            for d in reversed(dirs):
                full = path.join(top, d)
                if followlinks or not path.islink(full):
                    stack.append(full)
