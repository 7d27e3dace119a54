# int methods and constructors
n = 1000
print(n.bit_length(), (-n).bit_length(), (0).bit_length())
print((255).to_bytes(2, 'big'), (255).to_bytes(2, 'little'))
print(int.from_bytes(b'\x01\x00', 'big'), int.from_bytes(b'\x01\x00', 'little'))
print(int.from_bytes(b'\xff\xff', 'big', signed=True))
print((-1).to_bytes(2, 'big', signed=True))
try:
    (256).to_bytes(1, 'big')
except OverflowError as e:
    print(type(e).__name__, e)
print((10).__add__(5), (10).__sub__(3), (3).__mul__(4))
print(int.__name__, type(5) is int, isinstance(True, int), issubclass(bool, int))
print((7).real, (7).imag, (7).numerator, (7).denominator, (7).conjugate())
print(abs(-3), (-3).__abs__(), (6).__neg__())
print((5).__eq__(5), (5).__eq__('5'), (5).__lt__(6))
print(int(), int(0), int('0'), int('00'), int(' 1 '))
print(divmod(100, 7), divmod(-100, 7), divmod(100, -7), divmod(-100, -7))
print(divmod(2 ** 100, 3 ** 40))
