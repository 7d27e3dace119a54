# sieve of Eratosthenes and prime utilities
def sieve(n):
    is_p = [True] * (n + 1)
    is_p[0] = is_p[1] = False
    i = 2
    while i * i <= n:
        if is_p[i]:
            is_p[i * i::i] = [False] * len(range(i * i, n + 1, i))
        i += 1
    return [i for i, p in enumerate(is_p) if p]
ps = sieve(10000)
print(len(ps), ps[:15], ps[-3:], sum(ps))
def factorize(n):
    f = []
    for p in ps:
        if p * p > n:
            break
        while n % p == 0:
            f.append(p)
            n //= p
    if n > 1:
        f.append(n)
    return f
for n in [2, 12, 97, 360, 9999991, 2 ** 20 * 3 ** 5, 600851475143]:
    print(n, factorize(n))
twins = [(p, q) for p, q in zip(ps, ps[1:]) if q - p == 2]
print(len(twins), twins[:5])
gaps = {}
for p, q in zip(ps, ps[1:]):
    gaps[q - p] = gaps.get(q - p, 0) + 1
print(sorted(gaps.items())[:6], max(gaps))
print([n for n in range(1, 60) if len(factorize(n)) == 2 and len(set(factorize(n))) == 2][:10])
