# str() and repr() of exceptions with different args
cases = [Exception(), Exception("msg"), Exception("a", "b"), Exception(42), Exception(""), Exception([1, 2]),
         KeyError("key"), KeyError(42), KeyError("a", "b"), KeyError(""), IndexError("bad index"),
         ValueError("it's"), TypeError('say "hi"'), AttributeError("x"), ZeroDivisionError()]
for e in cases:
    print(f"{type(e).__name__:18} str={str(e)!r:20} repr={e!r}")
class MyErr(Exception):
    pass
class WithStr(Exception):
    def __str__(self):
        return "custom str"
print(repr(MyErr("x")), str(MyErr("x", 1)), str(WithStr("ignored")), repr(WithStr("kept")))
e = ValueError("original")
e.extra = 5
print(e.extra, e.args, str(e))
try:
    raise MyErr("with", "args")
except MyErr as err:
    print(type(err).__name__, err, err.args, len(err.args))
