# mixed int/float arithmetic, big ints vs floats
print(2 ** 62 + 0.5, 10 ** 17 * 1.0, 3 + 4.0, 3 - 4.0, 3 * 4.5, 10 // 4.0, 10 % 4.0)
print(-10 // 4.0, -10 % 4.0, 10 // -4.0, 10 % -4.0, -10 % -4.0)
print(10 ** 20 / 10 ** 10, 1 / 2 ** 60, 2 ** 100 / 2 ** 99, (10 ** 30) / 3)
print(int(0.1 * 3 * 10), int(2.999999999999999), int(2.9999999999999999))
total = 0.0
for i in range(1, 11):
    total += 1 / i
print(total, f"{total:.6f}")
xs = [1.5, 2.25, -0.75, 1e-3]
print(sum(xs), max(xs), min(xs), sorted(xs), sum(xs) / len(xs))
print(2 ** 0.5 * 2 ** 0.5, 4 ** 0.5, 27 ** (1 / 3), (-8) ** 2.0, 0.0 ** 0)
try:
    0.0 ** -1
except ZeroDivisionError as e:
    print(type(e).__name__, e)
print(10 ** -1, 2 ** -10, type(2 ** -1).__name__)
print(1e3 == 1000, 1.0 in [1], 1 in [1.0])
print(round(0.1 + 0.2, 10), round(1e-10, 12), round(123456.789, -3))
