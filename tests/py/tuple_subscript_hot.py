# Tuple subscripts in hot loops: positive and negative indexes, the last and first items,
# out-of-range indexes (IndexError with its message), a tuple site that meets a list or a
# str, and indexes that are no small ints (bools, big ints).


def total(t, n):
    s = 0
    for i in range(n):
        s += t[i % len(t)] + t[-1 - i % len(t)]
    return s


t = tuple(range(1, 31))
print(total(t, 30000), total((7,), 5000))


def probe(seqs, idx):
    out = []
    for s in seqs:
        try:
            out.append(s[idx])
        except IndexError as e:
            out.append("IndexError: " + str(e))
        except TypeError as e:
            out.append("TypeError: " + str(e))
    return out


seqs = [(1, 2, 3), (4, 5), (6,)] * 2000
for idx in (0, 1, -1, -2, 2, 3, -4):
    r = probe(seqs, idx)
    print(idx, r[:3])
print(probe([(1, 2), [3, 4], "ab"] * 1000, 1)[:3])
print(probe([(1, 2), (3, 4)] * 1000, True)[:2], probe([(1, 2)] * 1000, 2**70)[:1])


def pairs(n):
    acc = 0
    for i in range(n):
        p = (i, i * 2, i * 3)
        acc += p[0] - p[1] + p[2] * p[-1]
    return acc


print(pairs(50000))
