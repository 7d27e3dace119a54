# Chains of small-int arithmetic in hot loops whose intermediate results leave the
# small-int range midway (48-bit payloads), are used as list indexes and compared, and mix
# with bools and big ints.


def chain(n, start):
    t = start
    acc = 0
    for i in range(n):
        t = (t * 3 + i - 7) % 1000003
        acc = acc + t * t - i * 5
        if acc - t > t * 2:
            acc = acc - 1
    return t, acc


print(chain(5000, 1))
print(chain(200, 2**45))
print(chain(200, -(2**46)))


def growing(n):
    x = 1
    out = []
    for i in range(n):
        x = x * 2 + 1 - i
        out.append(x > 2**40)
    return x, sum(out)


print(growing(80))


def indexes(xs, n):
    t = 0
    k = len(xs)
    for i in range(n):
        j = (i * 7 + 3) % k - k
        t = t + xs[j] * 2 - xs[(j + 1) % k]
        xs[(i + 2) % k] = t % 97 - 40
    return t, xs[:5]


print(indexes(list(range(10)), 4000))


def bits(n):
    t = 0
    for i in range(n):
        t = (t << 1 ^ i) & 0xFFFFF
        t = t + (i >> 2) - (t >> 3) + (i | 5) - (i & 3)
    return t


print(bits(3000))


def flags(n):
    t = 0
    for i in range(n):
        t = t + (i % 3 == 0) + True * 2 - (i < 10)
    return t


print(flags(3000))
