# Word counting: build a long text deterministically from a small vocabulary with a linear
# congruential generator, then split it, normalize words, count them in a dict, find the
# most common words and bigrams, and sort. Exercises str methods (split, lower, strip, join,
# startswith), dict get/set/items, tuple keys, sorted with a key, string building.

VOCAB = (
    "the quick brown fox jumps over lazy dog and a falcon hunts small birds while "
    "tiercel soars above windy cliffs near river valley where children play games "
    "under tall pine trees every morning before school begins, quietly."
).split()


def make_text(n_words, seed):
    words = []
    state = seed
    for i in range(n_words):
        state = (state * 1103515245 + 12345) & 0x7FFFFFFF
        w = VOCAB[(state >> 16) % len(VOCAB)]
        if state & 0x30 == 0:
            w = w.capitalize()
        if state & 0x1C0 == 0:
            w = w + "."
        words.append(w)
        if i % 13 == 12:
            words.append("\n")
    return " ".join(words)


def count_words(text):
    counts = {}
    for line in text.split("\n"):
        for raw in line.split():
            w = raw.strip(".,").lower()
            if not w:
                continue
            counts[w] = counts.get(w, 0) + 1
    return counts


def count_bigrams(text):
    words = [w.strip(".,").lower() for w in text.split()]
    pairs = {}
    prev = None
    for w in words:
        if prev is not None:
            key = (prev, w)
            if key in pairs:
                pairs[key] += 1
            else:
                pairs[key] = 1
        prev = w
    return pairs


def letter_stats(counts):
    letters = {}
    for w, c in counts.items():
        first = w[0]
        letters[first] = letters.get(first, 0) + c * len(w)
    return "".join("%s%d" % (k, letters[k] % 97) for k in sorted(letters))


def main():
    total = 0
    for seed in range(1, 8):
        text = make_text(80000, seed)
        counts = count_words(text)
        top = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))[:5]
        bigrams = count_bigrams(text)
        best = sorted(bigrams.items(), key=lambda kv: (kv[1], kv[0]))[-1]
        print(len(text), len(counts), top)
        print("  bigram", best, "distinct", len(bigrams), letter_stats(counts))
        total += sum(counts.values()) + len(bigrams)
    print("total", total)


main()
