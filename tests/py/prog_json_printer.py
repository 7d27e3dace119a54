# hand-written JSON-like pretty printer and serializer
def escape(s):
    out = []
    for ch in s:
        if ch == '"':
            out.append('\\"')
        elif ch == "\\":
            out.append("\\\\")
        elif ch == "\n":
            out.append("\\n")
        elif ord(ch) < 32:
            out.append("\\u%04x" % ord(ch))
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'
def dumps(v, indent=0, level=0):
    pad = " " * (indent * (level + 1))
    end = " " * (indent * level)
    nl = "\n" if indent else ""
    sep = ": " if indent else ":"
    if v is None:
        return "null"
    if v is True:
        return "true"
    if v is False:
        return "false"
    if isinstance(v, (int, float)):
        return repr(v)
    if isinstance(v, str):
        return escape(v)
    if isinstance(v, (list, tuple)):
        if not v:
            return "[]"
        items = [pad + dumps(x, indent, level + 1) for x in v]
        return "[" + nl + ("," + nl).join(items) + nl + end + "]"
    if isinstance(v, dict):
        if not v:
            return "{}"
        items = []
        for k, x in v.items():
            if not isinstance(k, str):
                raise TypeError(f"keys must be str, not {type(k).__name__}")
            items.append(pad + escape(k) + sep + dumps(x, indent, level + 1))
        return "{" + nl + ("," + nl).join(items) + nl + end + "}"
    raise TypeError(f"Object of type {type(v).__name__} is not serializable")
doc = {
    "name": "Tiercel",
    "version": [0, 1, 2],
    "stable": False,
    "ratio": 0.75,
    "tags": ["vm", "rust", 'quote"d'],
    "nested": {"empty_list": [], "empty_dict": {}, "none": None, "text": "line1\nline2\ttab"},
}
print(dumps(doc))
print(dumps(doc, indent=2))
print(dumps([1, [2, [3, []]]], indent=1))
for bad in [{1: 2}, {"s": {1, 2}}]:
    try:
        dumps(bad)
    except TypeError as e:
        print(type(e).__name__, e)
