# text statistics word counter
TEXT = """It was the best of times, it was the worst of times, it was the age of
wisdom, it was the age of foolishness, it was the epoch of belief, it was the
epoch of incredulity, it was the season of Light, it was the season of Darkness,
it was the spring of hope, it was the winter of despair."""
def words(text):
    cleaned = "".join(c.lower() if c.isalpha() else " " for c in text)
    return cleaned.split()
ws = words(TEXT)
freq = {}
for w in ws:
    freq[w] = freq.get(w, 0) + 1
print("words:", len(ws), "unique:", len(freq))
print("lines:", len(TEXT.splitlines()), "chars:", len(TEXT), "letters:", sum(c.isalpha() for c in TEXT))
top = sorted(freq.items(), key=lambda kv: (-kv[1], kv[0]))[:8]
for w, n in top:
    print(f"{w:<12}{n:>3} {'*' * n}")
lengths = {}
for w in ws:
    lengths.setdefault(len(w), set()).add(w)
for n in sorted(lengths):
    print(n, sorted(lengths[n]))
print("longest:", max(freq, key=lambda w: (len(w), w)), "avg len: %.3f" % (sum(map(len, ws)) / len(ws)))
letters = {}
for c in TEXT.lower():
    if c.isalpha():
        letters[c] = letters.get(c, 0) + 1
print("".join(sorted(letters, key=lambda c: (-letters[c], c)))[:10])
sentences = [s.strip() for s in TEXT.replace("\n", " ").split(",") if s.strip()]
print(len(sentences), sentences[-1])
