# uncaught ValueError while parsing input-like data in a loop
def parse_line(line):
    name, qty = line.split(":")
    return name.strip(), int(qty)
def load(lines):
    out = {}
    for ln in lines:
        k, v = parse_line(ln)
        out[k] = out.get(k, 0) + v
    return out
print(load(["apple: 3", "pear: 2", "apple: 1"]))
print(load(["fig: 1", "kiwi: two"]))
