# round() half-even and ndigits
for v in [0.5, 1.5, 2.5, 3.5, 4.5, -0.5, -1.5, -2.5]:
    print(v, round(v), round(v, 0))
for n in [5, 15, 25, 35, 45, -5, -15, 150, 250]:
    print(n, round(n, -1), round(n, -2), type(round(n, -1)).__name__)
print(round(12345, -10), round(12345, 3), round(2 ** 70 + 5, -1))
print(round(0.285, 2), round(0.295, 2), round(1.675, 2), round(2.345, 2))
print(round(7), round(7.0), round(-7.49), round(-7.51), round(1e20), round(1.23456789e-5, 7))
try:
    round("1.5")
except TypeError as e:
    print(type(e).__name__, e)
try:
    round(1.5, 1.5)
except TypeError as e:
    print(type(e).__name__, e)
