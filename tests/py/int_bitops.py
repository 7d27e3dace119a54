# bit operations including negatives
vals = [0, 1, 5, -1, -5, 12, -12, 255, -256]
for a in vals:
    print(a, ~a, a << 3, a >> 1, a >> 10, a & 0xFF, a | 8, a ^ -1)
print(-5 & 3, -5 | 3, -5 ^ 3, 5 & -3, -8 & -3, -8 | -3)
print((1 << 100) | 1, (1 << 100) & ((1 << 101) - 1), -(1 << 100) >> 90)
print((-(2 ** 70)) & 0xFFFF, (2 ** 70 - 1) ^ (2 ** 69))
for n in (0, 1, 7, 8, 255, 256, -1, -255, 2 ** 64):
    print(n, n.bit_length(), bin(n))
try:
    1 << -1
except ValueError as e:
    print(type(e).__name__, e)
try:
    1 >> -3
except ValueError as e:
    print(type(e).__name__, e)
try:
    1.5 & 1
except TypeError as e:
    print(type(e).__name__, e)
print(True & False, True | False, True ^ True, type(True & True).__name__)
