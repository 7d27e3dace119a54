# __enter__/__exit__: with statements, suppression, nesting
class CM:
    def __init__(self, name, suppress=False):
        self.name = name
        self.suppress = suppress
    def __enter__(self):
        print("enter", self.name)
        return self.name.upper()
    def __exit__(self, et, ev, tb):
        print("exit", self.name, et.__name__ if et else None, ev)
        return self.suppress
with CM("a") as v:
    print("body", v)
with CM("s", suppress=True):
    raise ValueError("swallowed")
print("after suppressed")
try:
    with CM("n"):
        raise KeyError("k")
except KeyError as e:
    print("caught", type(e).__name__, e)
with CM("outer") as o, CM("inner") as i:
    print("both", o, i)
def early():
    with CM("ret"):
        return "returned"
print(early())
for i in range(3):
    with CM(f"loop{i}"):
        if i == 0:
            continue
        if i == 1:
            break
with CM("x") as (a):
    pass
class Tuplish:
    def __enter__(self):
        return (1, [2, 3])
    def __exit__(self, *a):
        return False
with Tuplish() as (p, [q, r]):
    print(p, q, r)
class NoExit:
    def __enter__(self):
        return self
try:
    with NoExit():
        pass
except (AttributeError, TypeError) as e:
    print(type(e).__name__, e)
class ExitRaises:
    def __enter__(self):
        return self
    def __exit__(self, *a):
        raise RuntimeError("from exit")
try:
    with ExitRaises():
        raise ValueError("inner")
except RuntimeError as e:
    print(type(e).__name__, e, type(e.__context__).__name__)
