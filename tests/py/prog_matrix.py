# matrix multiply, transpose, identity, power, determinant
def matmul(a, b):
    if len(a[0]) != len(b):
        raise ValueError(f"shape mismatch: {len(a)}x{len(a[0])} @ {len(b)}x{len(b[0])}")
    return [[sum(a[i][k] * b[k][j] for k in range(len(b))) for j in range(len(b[0]))] for i in range(len(a))]
def transpose(m):
    return [list(r) for r in zip(*m)]
def identity(n):
    return [[1 if i == j else 0 for j in range(n)] for i in range(n)]
def matpow(m, e):
    result = identity(len(m))
    while e:
        if e & 1:
            result = matmul(result, m)
        m = matmul(m, m)
        e >>= 1
    return result
def det(m):
    if len(m) == 1:
        return m[0][0]
    total = 0
    for j in range(len(m)):
        minor = [row[:j] + row[j + 1:] for row in m[1:]]
        total += (-1) ** j * m[0][j] * det(minor)
    return total
def show(m):
    w = max(len(str(x)) for row in m for x in row)
    for row in m:
        print(" ".join(str(x).rjust(w) for x in row))
a = [[1, 2, 3], [4, 5, 6]]
b = [[7, 8], [9, 10], [11, 12]]
show(matmul(a, b))
show(transpose(a))
show(matmul(b, a))
fib = matpow([[1, 1], [1, 0]], 90)
print(fib[0][1])
print(det([[2, 0, 1], [1, 3, 2], [1, 1, 1]]), det(identity(4)), det([[1, 2], [2, 4]]))
try:
    matmul(a, a)
except ValueError as e:
    print(type(e).__name__, e)
m = [[0.5, 1.5], [2.0, -1.0]]
print(matmul(m, m), [[round(x, 3) for x in row] for row in matmul(m, [[1 / 3, 0], [0, 1 / 7]])])
