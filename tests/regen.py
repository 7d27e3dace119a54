#!/usr/bin/env python3
"""Regenerate (or check) the expected outputs of the conformance corpus.

Conventions (see also tests/py/README.md):

* Every program lives in ``tests/py/<area>_<topic>.py``.
* The oracle is CPython 3.11.  Each program is run as
  ``python3 -B <name>.py`` with the working directory ``tests/py``,
  environment ``PYTHONHASHSEED=0`` and ``PYTHONIOENCODING=utf-8``,
  stdin closed (connected to /dev/null).
* ``<name>.exp``  -- exact stdout; always written (may be empty).
* ``<name>.err``  -- only when stderr is non-empty: stderr with every line
  that consists only of whitespace plus ``^`` and ``~`` characters removed
  (CPython 3.11 prints these caret lines under traceback source lines; the
  VM does not, and the test runner applies the same filter to its output).
  In addition, CPython 3.11 makes the path of the main script absolute, so
  every occurrence of the absolute ``tests/py/`` directory prefix inside
  ``File "..."`` of a traceback line is removed: the ``.err`` files show
  ``File "<name>.py", line N, in f`` -- exactly what a VM prints when it is
  started as ``<vm> <name>.py`` from ``tests/py`` and echoes the path it got.
* ``<name>.code`` -- only when the exit status is not 0: the status as a
  decimal number followed by a newline.

Usage::

    tests/regen.py                 # regenerate everything
    tests/regen.py NAME ...        # only these programs (name or name.py)
    tests/regen.py --check [NAME]  # compare without writing; list diffs

The script refuses to run unless ``python3`` is CPython 3.11.x.
"""
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
PYDIR = os.path.join(HERE, "py")
PYTHON = "python3"
TIMEOUT = 30

CARET_LINE = re.compile(r"^[ \t\f\v\r]*[\^~][\^~ \t\f\v\r]*$")


def filter_stderr(text):
    """Drop lines consisting only of whitespace plus '^' and '~';
    make the program paths in traceback lines relative to tests/py."""
    for prefix in {PYDIR, os.path.realpath(PYDIR)}:
        text = text.replace('File "' + prefix + os.sep, 'File "')
    lines = text.split("\n")
    kept = [ln for ln in lines if not CARET_LINE.match(ln)]
    return "\n".join(kept)


def check_version():
    try:
        out = subprocess.run(
            [PYTHON, "-c", "import sys,platform;"
             "print(platform.python_implementation(), *sys.version_info[:2])"],
            capture_output=True, text=True, timeout=TIMEOUT).stdout.split()
    except OSError as exc:
        print("warning: cannot run %s: %s" % (PYTHON, exc), file=sys.stderr)
        return False
    if out[:3] != ["CPython", "3", "11"]:
        print("warning: %s is %s, expected CPython 3.11.x; refusing to run"
              % (PYTHON, " ".join(out) or "not usable"), file=sys.stderr)
        return False
    return True


def run_program(name):
    env = dict(os.environ)
    env["PYTHONHASHSEED"] = "0"
    env["PYTHONIOENCODING"] = "utf-8"
    proc = subprocess.run(
        [PYTHON, "-B", name + ".py"], cwd=PYDIR, env=env,
        stdin=subprocess.DEVNULL, capture_output=True, timeout=TIMEOUT)
    out = proc.stdout.decode("utf-8")
    err = proc.stderr.decode("utf-8")
    files = {".exp": out}
    if err:
        files[".err"] = filter_stderr(err)
    if proc.returncode != 0:
        files[".code"] = "%d\n" % proc.returncode
    return files


def read(path):
    try:
        with open(path, encoding="utf-8", newline="") as f:
            return f.read()
    except FileNotFoundError:
        return None


def all_names():
    return sorted(f[:-3] for f in os.listdir(PYDIR) if f.endswith(".py"))


def main(argv):
    check = "--check" in argv
    names = [a for a in argv if a != "--check"]
    if not check_version():
        return 1
    names = [n[:-3] if n.endswith(".py") else n for n in names] or all_names()
    names = [os.path.basename(n) for n in names]
    bad = []
    for name in names:
        if not os.path.exists(os.path.join(PYDIR, name + ".py")):
            print("missing program: %s.py" % name, file=sys.stderr)
            bad.append(name)
            continue
        files = run_program(name)
        for ext in (".exp", ".err", ".code"):
            path = os.path.join(PYDIR, name + ext)
            want = files.get(ext)
            have = read(path)
            if check:
                if want != have:
                    what = ("missing" if have is None else
                            "stale" if want is None else "differs")
                    print("%s%s: %s" % (name, ext, what))
                    bad.append(name)
            else:
                if want is None:
                    if have is not None:
                        os.remove(path)
                elif want != have:
                    with open(path, "w", encoding="utf-8", newline="") as f:
                        f.write(want)
    if check:
        n = len(set(bad))
        print("%d programs checked, %d with differences" % (len(names), n))
        return 1 if bad else 0
    print("%d programs regenerated" % len(names))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
