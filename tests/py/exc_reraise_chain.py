# bare raise, raise from, __cause__, __context__, __suppress_context__
def f():
    try:
        int("x")
    except ValueError:
        print("logging and re-raising")
        raise
try:
    f()
except ValueError as e:
    print(type(e).__name__, e)
try:
    try:
        {}["k"]
    except KeyError as e:
        raise RuntimeError("lookup failed") from e
except RuntimeError as e:
    print(e, type(e.__cause__).__name__, e.__cause__, type(e.__context__).__name__, e.__suppress_context__)
try:
    try:
        1 / 0
    except ZeroDivisionError:
        raise ValueError("during handling")
except ValueError as e:
    print(e, e.__cause__, type(e.__context__).__name__, e.__suppress_context__)
try:
    try:
        1 / 0
    except ZeroDivisionError:
        raise ValueError("no context") from None
except ValueError as e:
    print(e, e.__cause__, type(e.__context__).__name__, e.__suppress_context__)
try:
    raise TypeError("direct") from KeyError("cause")
except TypeError as e:
    print(e, repr(e.__cause__), e.__context__)
e1 = ValueError("plain")
print(e1.__cause__, e1.__context__, e1.__suppress_context__)
def g():
    try:
        raise KeyError("first")
    except KeyError:
        try:
            raise IndexError("second")
        except IndexError:
            raise
try:
    g()
except IndexError as e:
    print(repr(e), repr(e.__context__))
try:
    raise
except RuntimeError as e:
    print(type(e).__name__, e)
try:
    raise ValueError("x") from 5
except TypeError as e:
    print(type(e).__name__, e)
try:
    raise 42
except TypeError as e:
    print(type(e).__name__, e)
try:
    raise ValueError
except ValueError as e:
    print(repr(e), e.args)
