# Euclid's algorithm, extended gcd, modular arithmetic with big ints
def gcd(a, b):
    while b:
        a, b = b, a % b
    return abs(a)
def egcd(a, b):
    if b == 0:
        return a, 1, 0
    g, x, y = egcd(b, a % b)
    return g, y, x - (a // b) * y
def modinv(a, m):
    g, x, _ = egcd(a, m)
    if g != 1:
        raise ValueError(f"{a} has no inverse mod {m}")
    return x % m
print(gcd(48, 18), gcd(-48, 18), gcd(0, 0), gcd(2 ** 89 - 1, 2 ** 61 - 1), gcd(12345678901234567890, 9876543210))
for a, b in [(240, 46), (17, 5), (-7, 3), (10 ** 20, 3 ** 30)]:
    g, x, y = egcd(a, b)
    print(a, b, g, x, y, a * x + b * y == g)
print(modinv(3, 11), modinv(10, 17), modinv(2 ** 64 + 1, 10 ** 9 + 7), pow(2 ** 64 + 1, -1, 10 ** 9 + 7))
try:
    modinv(6, 9)
except ValueError as e:
    print(type(e).__name__, e)
def crt(rems, mods):
    x, m = 0, 1
    for r, n in zip(rems, mods):
        x += m * ((r - x) * modinv(m, n) % n)
        m *= n
    return x % m, m
print(crt([2, 3, 2], [3, 5, 7]), crt([1, 2, 3, 4], [5, 7, 9, 11]))
p, q = 1000000007, 998244353
n, phi = p * q, (p - 1) * (q - 1)
e = 65537
d = modinv(e, phi)
msg = 123456789012345
c = pow(msg, e, n)
print(n, c, pow(c, d, n) == msg)
