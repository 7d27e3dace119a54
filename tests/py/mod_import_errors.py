# Import errors as CPython raises them: missing modules and names, a module that raises
# while it is imported (and leaves no entry in sys.modules), a non-package parent, relative
# imports without a package, and __import__.
import sys

try:
    import no_such_module_here
except ModuleNotFoundError as e:
    print(type(e).__name__, e, e.name)
try:
    import importable.no_such_sub
except ModuleNotFoundError as e:
    print(type(e).__name__, e, e.name)
try:
    from importable import no_such_name
except ImportError as e:
    print(type(e).__name__, str(e).split(" (")[0], e.name)
try:
    import importable.util.deeper
except ModuleNotFoundError as e:
    print(type(e).__name__, e)
for attempt in range(2):
    try:
        import importable.broken
    except ValueError as e:
        print(attempt, "ValueError:", e, "importable.broken" in sys.modules)
try:
    from . import anything
except ImportError as e:
    print(type(e).__name__, e)
m = __import__("importable.shapes.base")
print(m.__name__, __import__("importable.shapes", fromlist=["circle"]).__name__)
print(__import__("math").sqrt(16), "math" in sys.modules)
sys.modules["fake_mod"] = None
try:
    import fake_mod
except ModuleNotFoundError as e:
    print(type(e).__name__, e)
try:
    __import__(5)
except TypeError as e:
    print(type(e).__name__, e)
try:
    import importable.bad_syntax
except SyntaxError as e:
    print(type(e).__name__, e.msg, e.lineno, e.filename.endswith("bad_syntax.py"))
    print(repr(e.text), "importable.bad_syntax" in sys.modules)
