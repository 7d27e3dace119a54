# abs, divmod, hash, id, repr, chr/ord, round
print(abs(-5), abs(5), abs(-2.5), abs(0), abs(-0.0), abs(True), abs(-(10 ** 30)))
print(divmod(17, 5), divmod(-17, 5), divmod(17.5, 5), divmod(0, 7))
print(hash(1) == hash(1.0), hash(0) == hash(False), hash((1, 2, 3)) == hash((1, 2, 3)), hash((1, 2)) != hash((2, 1)), hash(42), hash(-7), hash(0), hash(2.5) == hash(2.5))
a = [1]
b = a
print(id(a) == id(b), id(a) == id([1]), id(None) == id(None))
print(repr("x"), repr(1), repr([1, "a"]), repr({"a": (1,)}), repr(None), repr(3.0), repr(-0.0), repr("\n"))
print(ord("a"), chr(97), ord("€"), chr(8364), [chr(i) for i in range(48, 58)])
print(round(3.14159, 2), round(2.5), round(3.5), round(-0.5), round(1234, -2), round(0.5 + 1e-9))
print(pow(2, 8), pow(2, 8, 10), pow(2.0, -1))
g = globals()
print(g["a"] is a, "builtin_misc" not in g, type(g).__name__)
g["dynamic"] = 7
print(dynamic)
def uses_global():
    return globals()["a"]
print(uses_global())
print(sorted(k for k in ["b", "a"]), list(map(repr, ["a", 1])))
print(format(3.14159, ".2f"), format(42, "05d"), format("x", "^5"), format(255, "x"))
print(vars(type("Q", (), {"y": 1})())  == {})
