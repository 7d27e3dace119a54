# roman numerals both ways with validation
VALUES = [(1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"),
          (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")]
def to_roman(n):
    if not isinstance(n, int) or isinstance(n, bool):
        raise TypeError(f"expected int, got {type(n).__name__}")
    if not 0 < n < 4000:
        raise ValueError(f"{n} out of range 1..3999")
    out = []
    for v, s in VALUES:
        while n >= v:
            out.append(s)
            n -= v
    return "".join(out)
def from_roman(s):
    m = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100, "D": 500, "M": 1000}
    total = 0
    for i, ch in enumerate(s):
        if ch not in m:
            raise ValueError(f"invalid numeral {ch!r}")
        v = m[ch]
        if i + 1 < len(s) and m.get(s[i + 1], 0) > v:
            total -= v
        else:
            total += v
    if to_roman(total) != s:
        raise ValueError(f"non-canonical numeral {s!r}")
    return total
for n in [1, 4, 9, 14, 40, 90, 400, 1994, 2024, 3999]:
    r = to_roman(n)
    print(n, r, from_roman(r))
print(all(from_roman(to_roman(n)) == n for n in range(1, 4000)))
for bad in [0, 4000, "12", 2.5, True]:
    try:
        to_roman(bad)
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)
for bad in ["IIII", "ABC", "IC"]:
    try:
        from_roman(bad)
    except ValueError as e:
        print(type(e).__name__, e)
