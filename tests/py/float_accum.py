# floating point accumulation, Kahan summation, comparisons with tolerance
vals = [0.1] * 10 + [1e16, 1.0, -1e16]
naive = 0.0
for v in vals:
    naive += v
def kahan(xs):
    s = c = 0.0
    for x in xs:
        y = x - c
        t = s + y
        c = (t - s) - y
        s = t
    return s
print(naive, kahan(vals), sum(vals))
print(sum([1e100, 1.0, -1e100]), 0.1 * 3 == 0.3, abs(0.1 * 3 - 0.3) < 1e-15)
def close(a, b, tol=1e-9):
    return abs(a - b) <= tol * max(abs(a), abs(b), 1.0)
print(close(0.1 + 0.2, 0.3), close(1e10 + 1, 1e10), close(1.0, 1.1))
x = 1.0
n = 0
while 1.0 + x != 1.0:
    x /= 2
    n += 1
print(n, x, x * 2)
h = 0.0
for i in range(1, 1001):
    h += 1.0 / i
print(f"{h:.10f}", round(h, 6))
print(2.0 ** 52 + 0.5, 2.0 ** 53 + 1.0, float(2 ** 53) + 2.0, 1e308 + 1e308, -1e308 * 10)
