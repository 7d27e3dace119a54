# Exception classes the VM makes when first used: raised from builtin code before the
# program names them, then named; identity, matching, hierarchy and aliases.

def catch(f):
    try:
        f()
    except BaseException as e:
        return e
    return None


# Raised by builtin code first: the class the program names later is the same object.
e = catch(lambda: 1 // 0)
print(type(e).__name__, type(e) is ZeroDivisionError, isinstance(e, ArithmeticError))
e = catch(lambda: int.from_bytes(b"\x80", "big").to_bytes(1, "big").decode("ascii"))
print(type(e).__name__, isinstance(e, UnicodeError), isinstance(e, ValueError))
print(UnicodeDecodeError.__mro__)

# Named first, then raised by builtin code.
print(TabError.__mro__)
e = catch(lambda: compile("if 1:\n\tx = 1\n        y = 2\n", "t", "exec"))
print(type(e).__name__, type(e) is TabError, isinstance(e, SyntaxError))

# The OSError family: errno picks a subclass; aliases are the same class.
print(IOError is OSError, EnvironmentError is OSError)
e = OSError(2, "No such file or directory", "x.txt")
print(type(e).__name__, e.errno, e.filename, str(e))
print(issubclass(FileNotFoundError, OSError), FileNotFoundError.__bases__)
print(issubclass(BrokenPipeError, ConnectionError), BrokenPipeError.__mro__[1:])
try:
    raise ConnectionRefusedError(111, "refused")
except ConnectionError as c:
    print("caught", type(c).__name__, c.errno, c.strerror)


# A user class deriving from one; matching by the base.
class AppWarning(UserWarning):
    pass


try:
    raise AppWarning("careful")
except Warning as w:
    print(type(w).__name__, w.args, AppWarning.__mro__[1:])

# Identity holds however the class is reached.
import builtins

print(builtins.RecursionError is RecursionError, "TimeoutError" in dir(builtins))
print(getattr(builtins, "ReferenceError") is ReferenceError)
names = ("Warning", "UserWarning", "DeprecationWarning", "RuntimeWarning", "IOError")
print([n for n in names if n in vars(builtins)])
e = catch(lambda: exec("raise SystemExit(3)"))
print(type(e).__name__, e.code, isinstance(e, Exception), isinstance(e, BaseException))
e = catch(lambda: exec("import no_such_module_here"))
print(type(e).__name__, e.name, isinstance(e, ImportError))
e = catch(lambda: exec("assert 1 == 2, 'no'"))
print(type(e).__name__, e.args)
print(NotImplementedError.__name__, NotImplementedError.__qualname__, NotImplementedError.__module__)
print(repr(KeyboardInterrupt()), KeyboardInterrupt.__bases__)
