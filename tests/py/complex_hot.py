# complex arithmetic in hot loops (traced and compiled code): a Mandelbrot set, roots of
# unity, a polynomial by Horner's rule and mixed accumulators
def mandel(c, limit=60):
    z = 0j
    for i in range(limit):
        z = z * z + c
        if abs(z) > 2.0:
            return i
    return limit
rows = []
for y in range(-8, 9):
    row = []
    for x in range(-30, 11):
        n = mandel(complex(x / 15, y / 8))
        row.append("#" if n == 60 else " .:-=+*%@"[n % 9])
    rows.append("".join(row))
print("\n".join(rows))
def horner(coeffs, z):
    acc = 0j
    for c in coeffs:
        acc = acc * z + c
    return acc
poly = [1, -2 + 1j, 3, -1j, 0.5]
pts = [complex(a / 4, b / 4) for a in range(-4, 5) for b in range(-4, 5)]
vals = [horner(poly, p) for p in pts]
print(len(vals), vals[0], vals[40], vals[-1])
total = 0j
for k, v in enumerate(vals):
    total += v * (1 if k % 2 else -1j)
    if k % 7 == 0:
        total -= k
    total = total / 2 if abs(total) > 1e6 else total
print(total, total == total, total != 0)
# Powers of i cycle exactly through 1, i, -1, -i.
unit = 1 + 0j
seen = []
for k in range(12):
    seen.append(unit)
    unit *= 1j
print(seen[:5], seen[4] == 1, seen.count(1j), sum(seen))
acc_int, acc_float, acc_complex = 0, 0.0, 0j
for k in range(3000):
    acc_int += k
    acc_float += k * 0.5
    acc_complex += complex(k, -k) / (1 + 1j) ** (k % 4)
print(acc_int, acc_float, acc_complex, type(acc_complex).__name__)
conj = [(complex(i, i + 1)).conjugate().imag for i in range(200)]
print(sum(conj), max(abs(complex(i, -i)) for i in range(50)) == abs(complex(49, 49)))
