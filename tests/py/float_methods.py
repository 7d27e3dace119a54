# float methods and conversions
x = 3.75
print(x.is_integer(), x.as_integer_ratio(), (0.5).as_integer_ratio(), (-2.0).as_integer_ratio())
print(x.hex(), (1.0).hex(), float.fromhex('0x1.8p1'), float.fromhex('-0x1p-2'))
print(int(x), int(-x), float(int(x)), x.real, x.imag, x.conjugate())
print(abs(-2.5), -x, +x, x * 2, x / 0.25, x // 0.5, x % 0.5, x ** 2, 2 ** -x > 0)
import math
print(math.floor(x), math.ceil(x), math.trunc(-x), math.floor(-x), math.ceil(-x))
print(sum([0.1] * 10), math.fsum([0.1] * 10), sum([0.1] * 10) == 1.0)
print(0.1 + 0.2 == 0.3, abs((0.1 + 0.2) - 0.3) < 1e-9, math.isclose(0.1 + 0.2, 0.3))
print(1e16 + 1 == 1e16, 2 ** 53 + 1.0 == 2 ** 53, float(2 ** 53 + 1) == 2 ** 53)
print(hash(1.0) == hash(1), hash(0.5) == hash(0.5), hash(-0.0) == hash(0.0), hash(2.0) == hash(2))
print(1.0 == 1, 1.5 > 1, float('0.1') == 0.1, 3 * 0.1, 0.3 * 3, 1 - 0.9)
print(type(1.0 + 1).__name__, type(1 + True).__name__, type(2.0 * True).__name__)
print(7.0 / 2, 7 / 2.0, -7 / 2, 1 / 3 * 3)
try:
    (2.5).as_integer_ratio
    float('inf').as_integer_ratio()
except OverflowError as e:
    print(type(e).__name__, e)
