# uncaught exceptions with no message / several args
def f(kind):
    if kind == 1:
        raise ValueError
    raise ValueError("a", 2)
try:
    f(1)
except ValueError as e:
    print("caught", repr(e))
f(2)
