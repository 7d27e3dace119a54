import json

data = {"name": "Ann", "age": 31, "tags": ["a", "b"], "ok": True, "none": None,
        "ratio": 0.25, "nested": {"x": [1, 2, {"y": []}], "e": {}}, "t": (1, 2)}
print(json.dumps(data))
print(json.dumps(data, sort_keys=True, indent=2))
print(json.dumps([1, [2, 3]], indent="\t"), json.dumps({"a": 1, "b": 2}, separators=(",", ":")))
print(json.dumps("h\u00e9llo \"q\" \\ \n\t\x01 \U0001f600"), json.dumps("h\u00e9llo \U0001f600", ensure_ascii=False))
print(json.dumps({1: "i", 2.5: "f", True: "t", None: "n"}), json.dumps([float("inf"), float("nan"), -1e300 * 1e10]))
print(json.dumps(10 ** 30), json.dumps(1e-7), json.dumps(3.0), json.dumps({(1, 2): 3}, skipkeys=True))
print(json.dumps({"s": {1, 2}}, default=sorted), json.dumps([], indent=4), json.dumps({}, indent=4))
for f in [lambda: json.dumps({1, 2}), lambda: json.dumps({(1,): 2}),
          lambda: json.dumps(float("nan"), allow_nan=False)]:
    try:
        f()
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)
loop = []
loop.append(loop)
try:
    json.dumps(loop)
except ValueError as e:
    print(type(e).__name__, e)

text = ' {"a": [1, 2.5, -3e2, true, false, null], "b": {"c": "d\\u00e9\\n\\ud83d\\ude00"}, "e": "" } '
obj = json.loads(text)
print(obj, type(obj["a"][1]).__name__, type(obj["a"][2]).__name__)
print(json.loads("[]"), json.loads("{}"), json.loads('"x"'), json.loads("-0"), json.loads("1E3"),
      json.loads(b'{"b": 1}'), json.loads("[NaN, Infinity, -Infinity]"))
print(json.loads('{"a": 1, "a": 2}'), json.loads('{"k": 1}', object_hook=lambda d: sorted(d)),
      json.loads('{"k": 1, "j": 2}', object_pairs_hook=list), json.loads("1.5", parse_float=str))
print(json.loads(json.dumps(data)) == dict(data, t=[1, 2]))
for s in ["", "  ", "[1,]", '{"a":1,}', '{"a" 1}', "{1:2}", "[1 2]", '"abc', '"a\\qb"',
          '"\\u12G4"', '"a\nb"', "[1] x", "tru", '{"a":}', "-", "01", "[", "{", "1.5e",
          '{"a":1\n "b":2}', "\n\n  [1,\n  x]"]:
    try:
        json.loads(s)
    except json.JSONDecodeError as e:
        print(repr(s), type(e).__name__, e, e.pos, e.lineno, e.colno, isinstance(e, ValueError))
try:
    json.loads(5)
except TypeError as e:
    print(type(e).__name__, e)
