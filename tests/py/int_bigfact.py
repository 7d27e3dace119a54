# arbitrary precision integers: factorials and powers
def fact(n):
    r = 1
    for i in range(2, n + 1):
        r *= i
    return r
print(fact(30))
print(fact(100))
f = fact(200)
print(len(str(f)), str(f)[:20], f % 1000003)
print(2 ** 100)
print(3 ** 200)
print(-(7 ** 77))
print((-7) ** 77)
print(2 ** 256 - 1)
n = 2 ** 200
print(n // 3, n % 3)
print(n * n == 2 ** 400)
print((10 ** 50 + 1) * (10 ** 50 - 1) == 10 ** 100 - 1)
print(-(10 ** 40) // 7, -(10 ** 40) % 7)
print(123456789012345678901234567890 * 987654321098765432109876543210)
print(abs(-(2 ** 100)), -(2 ** 63), 2 ** 63, 2 ** 64 - 1)
print(sum(range(10 ** 6, 10 ** 6 + 100)) ** 5)
a = 1
for i in range(1, 60):
    a = a * 31 + i
print(a, a.bit_length())
