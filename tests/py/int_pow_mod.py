# pow with 3 arguments including modular inverse
print(pow(2, 10), pow(2, -2), pow(-2, 3), pow(0, 0))
print(pow(3, 200, 1000007), pow(2, 10, 1000), pow(7, 0, 13), pow(5, 3, 1))
print(pow(-3, 3, 7), pow(3, 3, -7), pow(12345678901234567890, 98765, 10 ** 9 + 7))
print(pow(3, -1, 7), pow(38, -1, 97), pow(2, -3, 11))
for a in range(1, 11):
    inv = pow(a, -1, 11)
    print(a, inv, a * inv % 11)
try:
    pow(2, -1, 4)
except ValueError as e:
    print(type(e).__name__, e)
try:
    pow(2, 3, 0)
except ValueError as e:
    print(type(e).__name__, e)
try:
    pow(2.0, 3, 5)
except TypeError as e:
    print(type(e).__name__, e)
try:
    pow(0, -1)
except ZeroDivisionError as e:
    print(type(e).__name__, e)
print(2 ** 0.5 == pow(2, 0.5), pow(4, 0.5), pow(-8, 2))
