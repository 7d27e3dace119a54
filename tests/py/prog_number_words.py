# numbers to English words and back
ONES = "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen".split()
TENS = "_ _ twenty thirty forty fifty sixty seventy eighty ninety".split()
SCALES = [(10 ** 9, "billion"), (10 ** 6, "million"), (1000, "thousand"), (100, "hundred")]
def words(n):
    if n < 0:
        return "minus " + words(-n)
    if n < 20:
        return ONES[n]
    if n < 100:
        return TENS[n // 10] + ("-" + ONES[n % 10] if n % 10 else "")
    for value, name in SCALES:
        if n >= value:
            head, rest = divmod(n, value)
            return words(head) + " " + name + ("" if rest == 0 else (" and " if rest < 100 else " ") + words(rest))
    raise AssertionError("unreachable")
def parse(text):
    total = current = 0
    lookup = {w: i for i, w in enumerate(ONES)}
    lookup.update({w: 10 * i for i, w in enumerate(TENS) if w != "_"})
    scale = dict((name, value) for value, name in SCALES)
    sign = 1
    for tok in text.replace("-", " ").split():
        if tok == "minus":
            sign = -1
        elif tok == "and":
            continue
        elif tok in lookup:
            current += lookup[tok]
        elif tok == "hundred":
            current *= 100
        elif tok in scale:
            total += current * scale[tok]
            current = 0
        else:
            raise ValueError(f"unknown word {tok!r}")
    return sign * (total + current)
for n in [0, 7, 13, 20, 42, 99, 100, 101, 115, 999, 1000, 1001, 12345, 1000000, 2000000017, -86]:
    w = words(n)
    print(n, "=", w, parse(w) == n)
print(sum(len(words(i).replace(" ", "").replace("-", "")) for i in range(1, 1001)))
try:
    parse("twelve dozen")
except ValueError as e:
    print(type(e).__name__, e)
