# int <-> str in bases
print(int('ff', 16), int('FF', 16), int('0xff', 16), int('0xff', 0))
print(int('777', 8), int('0o777', 0), int('1010', 2), int('0b1010', 0))
print(int('z', 36), int('ZZ', 36), int('  42  '), int('-17'), int('+8'))
print(int('1_000'), int('10', 3), int('-0'), int(' -0x1f ', 16))
print(hex(255), hex(-255), oct(8), oct(-8), bin(5), bin(-5), bin(0))
print(hex(2 ** 70), oct(2 ** 40), bin(2 ** 20))
print(int(3.9), int(-3.9), int(True), int(1e20))
print(int('123456789012345678901234567890'))
for bad in ['', 'abc', '1.5', '12a', '0x', '1__0', ' ']:
    try:
        int(bad)
    except ValueError as e:
        print(type(e).__name__, e)
try:
    int('9', 8)
except ValueError as e:
    print(type(e).__name__, e)
try:
    int('10', 1)
except ValueError as e:
    print(type(e).__name__, e)
try:
    int('10', 37)
except ValueError as e:
    print(type(e).__name__, e)
try:
    int(None)
except TypeError as e:
    print(type(e).__name__, e)
try:
    int([1])
except TypeError as e:
    print(type(e).__name__, e)
try:
    int(float('inf'))
except OverflowError as e:
    print(type(e).__name__, e)
try:
    int(float('nan'))
except ValueError as e:
    print(type(e).__name__, e)
def to_base(n, b):
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    if n == 0:
        return "0"
    s = ""
    neg = n < 0
    n = abs(n)
    while n:
        n, r = divmod(n, b)
        s = digits[r] + s
    return "-" + s if neg else s
for n in (0, 10, -10, 255, 2 ** 64):
    print(to_base(n, 2), to_base(n, 7), to_base(n, 36), int(to_base(n, 36), 36) == n)
