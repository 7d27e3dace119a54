# greedy text wrapping and justification
TEXT = ("Tiercel is a small virtual machine for a subset of Python three. It aims to run "
        "ordinary programs with identical output, including error messages and tracebacks.")
def wrap(text, width):
    lines, cur = [], []
    for w in text.split():
        if len(w) > width:
            if cur:
                lines.append(cur)
                cur = []
            while len(w) > width:
                lines.append([w[:width]])
                w = w[width:]
        if cur and len(" ".join(cur + [w])) > width:
            lines.append(cur)
            cur = []
        cur.append(w)
    if cur:
        lines.append(cur)
    return lines
def justify(words, width):
    if len(words) == 1:
        return words[0].ljust(width)
    gaps = len(words) - 1
    spaces = width - sum(map(len, words))
    out = ""
    for i, w in enumerate(words[:-1]):
        out += w + " " * (spaces // gaps + (1 if i < spaces % gaps else 0))
    return out + words[-1]
for width in (30, 45):
    lines = wrap(TEXT, width)
    print("=" * width)
    for i, ws in enumerate(lines):
        print(justify(ws, width) if i < len(lines) - 1 else " ".join(ws))
print(wrap("supercalifragilistic is long", 8))
print([len(" ".join(l)) for l in wrap(TEXT, 20)])
