# raise with a class vs an instance, re-raising stored exceptions, args handling
for thing in (ValueError, ValueError("inst"), KeyError):
    try:
        raise thing
    except Exception as e:
        print(type(e).__name__, repr(e), e.args)
saved = None
try:
    int("nope")
except ValueError as e:
    saved = e
print(type(saved).__name__, saved)
try:
    raise saved
except ValueError as e:
    print("re-raised stored:", e is saved)
def make_error(kind, *args):
    return {"v": ValueError, "t": TypeError, "k": KeyError}[kind](*args)
for k in "vtk":
    try:
        raise make_error(k, "made", k)
    except (ValueError, TypeError, KeyError) as e:
        print(type(e).__name__, e.args)
class Err(Exception):
    def __init__(self):
        super().__init__("fixed message")
try:
    raise Err
except Err as e:
    print(e, e.args)
try:
    raise TypeError
except TypeError as e:
    print(repr(e), str(e) == "")
try:
    raise Exception("outer") from ValueError
except Exception as e:
    print(repr(e.__cause__), e.__cause__.args)
