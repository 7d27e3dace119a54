# standard exception hierarchy, isinstance checks, args/str/repr
classes = [BaseException, Exception, StopIteration, ArithmeticError, ZeroDivisionError, OverflowError,
           LookupError, IndexError, KeyError, ValueError, TypeError, AttributeError, NameError,
           UnboundLocalError, RuntimeError, RecursionError, NotImplementedError, AssertionError,
           MemoryError, GeneratorExit, KeyboardInterrupt, SystemExit, UnicodeError, UnicodeDecodeError,
           UnicodeEncodeError]
for c in classes:
    print(c.__name__, c.__bases__[0].__name__, issubclass(c, Exception), issubclass(c, BaseException))
print(issubclass(KeyError, LookupError), issubclass(ZeroDivisionError, ArithmeticError), issubclass(UnboundLocalError, NameError))
print(issubclass(RecursionError, RuntimeError), issubclass(NotImplementedError, RuntimeError), issubclass(UnicodeError, ValueError))
for exc in [ValueError(), ValueError("one"), ValueError("a", 2), KeyError("k"), KeyError(), IndexError(3), StopIteration(5), SystemExit(2), Exception(None)]:
    print(repr(exc), "|", str(exc), "|", exc.args)
for exc_type in [ZeroDivisionError, OverflowError, IndexError, KeyError, TypeError, AttributeError, NameError, RuntimeError, RecursionError, NotImplementedError, AssertionError, MemoryError, UnicodeError]:
    try:
        raise exc_type("boom")
    except Exception as e:
        print(type(e).__name__, e, isinstance(e, ArithmeticError), isinstance(e, LookupError), isinstance(e, RuntimeError), isinstance(e, ValueError))
for exc_type in [GeneratorExit, KeyboardInterrupt, SystemExit]:
    try:
        try:
            raise exc_type("base")
        except Exception:
            print("wrong: caught by Exception")
    except BaseException as e:
        print("BaseException caught", type(e).__name__, e)
e = Exception("x", 1)
e.args = ("changed",)
print(e, e.args)
print(ArithmeticError.__mro__[-3].__name__, len(KeyError.__mro__))
