# Huffman coding with deterministic tie-breaking
def huffman(text):
    freq = {}
    for ch in text:
        freq[ch] = freq.get(ch, 0) + 1
    nodes = [(n, i, ch) for i, (ch, n) in enumerate(sorted(freq.items()))]
    counter = len(nodes)
    while len(nodes) > 1:
        nodes.sort(key=lambda t: (t[0], t[1]))
        a, b = nodes.pop(0), nodes.pop(0)
        nodes.append((a[0] + b[0], counter, (a, b)))
        counter += 1
    codes = {}
    def walk(node, prefix):
        payload = node[2]
        if isinstance(payload, str):
            codes[payload] = prefix or "0"
        else:
            walk(payload[0], prefix + "0")
            walk(payload[1], prefix + "1")
    walk(nodes[0], "")
    return codes, freq
text = "this is an example of a huffman tree"
codes, freq = huffman(text)
for ch in sorted(codes, key=lambda c: (len(codes[c]), c)):
    print(repr(ch), freq[ch], codes[ch])
encoded = "".join(codes[c] for c in text)
print(len(encoded), len(text) * 8, encoded[:40])
rev = {v: k for k, v in codes.items()}
buf, out = "", []
for bit in encoded:
    buf += bit
    if buf in rev:
        out.append(rev[buf])
        buf = ""
print("".join(out) == text, huffman("aaaa")[0])
