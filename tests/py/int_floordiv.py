# floor division and modulo with all sign combinations
pairs = [(7, 2), (-7, 2), (7, -2), (-7, -2), (6, 3), (-6, 3), (0, 5), (0, -5), (1, 7), (-1, 7)]
for a, b in pairs:
    q, r = a // b, a % b
    assert q * b + r == a
    print(f"{a:3} // {b:3} = {q:3}   {a:3} % {b:3} = {r:3}   divmod={divmod(a, b)}")
big = 10 ** 30 + 7
for s1 in (1, -1):
    for s2 in (1, -1):
        a, b = s1 * big, s2 * 12345
        print(a // b, a % b)
for a, b in [(7, 0), (0, 0), (-1, 0)]:
    for op in ("//", "%", "divmod"):
        try:
            if op == "//":
                a // b
            elif op == "%":
                a % b
            else:
                divmod(a, b)
        except ZeroDivisionError as e:
            print(op, type(e).__name__, e)
try:
    1 / 0
except ZeroDivisionError as e:
    print(type(e).__name__, e)
