# true division of big integers is correctly rounded
print(10 ** 30 / 7, 2 ** 1000 / 2 ** 999, (10 ** 400) / (10 ** 399), 1 / 3, 2 / 3, -7 / 2)
print(12345678901234567890 / 10, (2 ** 53 + 1) / 1, 10 ** 22 / 10 ** 11, 1 / 10 ** 300)
print((3 ** 200) / (3 ** 199), 10 ** 16 / 3, 10 ** 309 // 10 ** 300)
try:
    10 ** 400 / 1
except OverflowError as e:
    print(type(e).__name__, e)
try:
    1 / (10 ** 400) * 0 + (10 ** 400) / 3
except OverflowError as e:
    print(type(e).__name__, e)
print(type(4 / 2).__name__, 4 / 2, 0 / 5, -0 / 5, 5 / -1)
