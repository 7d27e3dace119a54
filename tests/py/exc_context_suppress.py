# context managers that suppress specific exceptions and record them
class suppress:
    def __init__(self, *types):
        self.types = types
        self.caught = None
    def __enter__(self):
        return self
    def __exit__(self, et, ev, tb):
        if et is not None and issubclass(et, self.types):
            self.caught = ev
            return True
        return False
with suppress(KeyError) as s:
    {}["missing"]
print("suppressed:", repr(s.caught))
with suppress(KeyError, IndexError) as s:
    [][0]
print("suppressed:", repr(s.caught))
try:
    with suppress(KeyError):
        1 / 0
except ZeroDivisionError as e:
    print("not suppressed:", type(e).__name__)
with suppress(Exception) as s:
    pass
print("no exception:", s.caught)
class Timer:
    def __init__(self):
        self.log = []
    def __enter__(self):
        self.log.append("start")
        return self
    def __exit__(self, *exc):
        self.log.append("stop" if exc[0] is None else "abort")
t = Timer()
with t:
    pass
try:
    with t:
        raise ValueError
except ValueError:
    pass
print(t.log)
def gen_in_with():
    with suppress(ValueError):
        yield 1
        raise ValueError("in gen")
    yield 2
print(list(gen_in_with()))
