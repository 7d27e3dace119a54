# Spectral norm: the largest singular value of the infinite matrix
# A[i][j] = 1 / ((i + j) * (i + j + 1) / 2 + i + 1), by power iteration.
# Exercises float division, nested loops, list building, function calls in inner loops.


def a(i, j):
    ij = i + j
    return 1.0 / (ij * (ij + 1) // 2 + i + 1)


def mul_av(v, n):
    out = []
    for i in range(n):
        s = 0.0
        for j in range(n):
            s += a(i, j) * v[j]
        out.append(s)
    return out


def mul_atv(v, n):
    out = []
    for i in range(n):
        s = 0.0
        for j in range(n):
            s += a(j, i) * v[j]
        out.append(s)
    return out


def mul_atav(v, n):
    return mul_atv(mul_av(v, n), n)


def spectral_norm(n, iterations):
    u = [1.0] * n
    v = u
    for _ in range(iterations):
        v = mul_atav(u, n)
        u = mul_atav(v, n)
    vbv = 0.0
    vv = 0.0
    for ue, ve in zip(u, v):
        vbv += ue * ve
        vv += ve * ve
    return (vbv / vv) ** 0.5


def main():
    for n in (100, 150, 250):
        print(n, "%.9f" % spectral_norm(n, 10))


main()
