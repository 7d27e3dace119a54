# Builtin functions and methods as values: identity, hashing, names, repr, calls.
print(len, list.append, str.join, dict.get)
print(type(len).__name__)
print(len is len, list.append is list.append, len == len, len != print)
print(hash(len) == hash(len), hash(str.join) == hash(str.join))
d = {len: 1, list.append: 2, str.join: 3}
print(d[len], d[list.append], d[str.join], len in d, print in d)
print(len.__name__, len.__qualname__, list.append.__name__, list.append.__qualname__)
print(str.join.__qualname__, dict.fromkeys.__name__)
print(callable(len), callable(list.append), callable(str.upper))
l = []
list.append(l, 3)
l.append(4)
f = l.append
f(5)
print(l, f.__name__, f.__self__ is l)
print(sorted(["bb", "a", "ccc"], key=len), list(map(len, ["ab", "c"])))
print(list(map(str.upper, ["ab", "c"])), str.join(",", ["a", "b"]))
print(dict.fromkeys("ab"), int.from_bytes(b"\x01\x00", "little"))
class S(str):
    pass
print(S("a,b").split(","), str.upper(S("x")), S.upper(S("y")))
def g():
    v = yield 1
    yield v
it = g()
print(next(it), it.send(5))
print(getattr(len, "__name__"), id(len) == id(len), id(len) != id(print))
ops = [len, abs, str.lower]
print([op("Ab") if op is not abs else op(-2) for op in ops])
for bad in [lambda: list.append(1, 2), lambda: len(1, 2), lambda: str.join(1, [])]:
    try:
        bad()
    except TypeError as e:
        print("TypeError:", e)
