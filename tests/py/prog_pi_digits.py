# digits of pi with a big-integer spigot (Gibbons), and e via series
def pi_digits(n):
    q, r, t, k, m, x = 1, 0, 1, 1, 3, 3
    out = []
    while len(out) < n:
        if 4 * q + r - t < m * t:
            out.append(m)
            q, r, m = 10 * q, 10 * (r - m * t), (10 * (3 * q + r)) // t - 10 * m
        else:
            q, r, t, k, m, x = q * k, (2 * q + r) * x, t * x, k + 1, (q * (7 * k + 2) + r * x) // (t * x), x + 2
    return out
d = pi_digits(60)
print(str(d[0]) + "." + "".join(map(str, d[1:])))
def e_digits(n):
    scale = 10 ** (n + 5)
    total, term, k = 0, scale, 0
    while term:
        total += term
        k += 1
        term //= k
    return str(total // 10 ** 5)
e = e_digits(50)
print(e[0] + "." + e[1:])
def isqrt_newton(n):
    x = n
    y = (x + 1) // 2
    while y < x:
        x = y
        y = (x + n // x) // 2
    return x
s = str(isqrt_newton(2 * 10 ** 100))
print(s[0] + "." + s[1:])
