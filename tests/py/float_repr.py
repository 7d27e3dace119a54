# repr of many float values
vals = [0.1 + 0.2, 1e16, 1e-5, 123456789.123456789, 0.1, 1/3, 2/3, 1e22, 1e23,
        1.5, -0.0, 0.0, 100.0, 1e15, 1e17, 12345678901234567890.0, 5e-324,
        1.7976931348623157e308, 2.5e-7, 0.0001, 0.00001, 3.14159, 1e-310,
        float(2 ** 53), float(2 ** 53 + 1), 9007199254740993.0, 0.3, 1.1 * 3]
for v in vals:
    print(repr(v), str(v))
print(1.0, 2.50, -3.75, 1e100, 1.23e-100)
print(float('1.5'), float('  -2.25 '), float('1e3'), float('inf'), float('-inf'), float('nan'))
print(float('Infinity'), float('-iNF'), float('1_000.5'), float(7), float(True))
print(10 / 4, 10 / 5, 2 ** 0.5, 7.0 // 2, -7.0 // 2, 7.5 % 2, -7.5 % 2, 7.5 % -2)
print(divmod(7.5, 2), divmod(-7.5, 2))
for bad in ['', 'abc', '1.2.3', '1e', 'nanx']:
    try:
        float(bad)
    except ValueError as e:
        print(type(e).__name__, e)
try:
    float(None)
except TypeError as e:
    print(type(e).__name__, e)
try:
    1.0 / 0
except ZeroDivisionError as e:
    print(type(e).__name__, e)
try:
    1.0 // 0.0
except ZeroDivisionError as e:
    print(type(e).__name__, e)
try:
    5.0 % 0
except ZeroDivisionError as e:
    print(type(e).__name__, e)
