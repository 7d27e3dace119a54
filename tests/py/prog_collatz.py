# Collatz sequences with caching
cache = {1: 1}
def collatz_len(n):
    path = []
    while n not in cache:
        path.append(n)
        n = n // 2 if n % 2 == 0 else 3 * n + 1
    length = cache[n]
    for m in reversed(path):
        length += 1
        cache[m] = length
    return length
def seq(n):
    out = [n]
    while n != 1:
        n = n // 2 if n % 2 == 0 else 3 * n + 1
        out.append(n)
    return out
print(seq(27)[:20], len(seq(27)), max(seq(27)))
best = max(range(1, 30000), key=collatz_len)
print(best, collatz_len(best))
print([collatz_len(n) for n in range(1, 21)])
print(collatz_len(2 ** 100), collatz_len(2 ** 100 + 1))
