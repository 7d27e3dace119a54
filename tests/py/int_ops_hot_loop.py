# Integer operators run hot (specialized) with operands that reach every edge: floor
# semantics of % and // with negative operands, division by zero, negative and huge shift
# counts, results that leave the small-int range, and a type change mid-loop.


def mix(pairs):
    out = []
    for a, b in pairs:
        row = []
        for name, f in OPS:
            try:
                row.append(f(a, b))
            except (ZeroDivisionError, ValueError, OverflowError) as e:
                row.append(type(e).__name__ + ": " + str(e))
        out.append(row)
    return out


def rem(a, b):
    return a % b


def fdiv(a, b):
    return a // b


def band(a, b):
    return a & b


def bor(a, b):
    return a | b


def bxor(a, b):
    return a ^ b


def lsh(a, b):
    return a << b


def rsh(a, b):
    return a >> b


def irem(a, b):
    a %= b
    return a


def ilsh(a, b):
    a <<= b
    return a


OPS = [("%", rem), ("//", fdiv), ("&", band), ("|", bor), ("^", bxor), ("<<", lsh),
       (">>", rsh), ("%=", irem), ("<<=", ilsh)]

base = [(7, 3), (-7, 3), (7, -3), (-7, -3), (0, 5), (5, 1), (-1, 1), (3, 0), (-3, 0),
        (1, 47), (1, 48), (-1, 63), (1, 64), (3, 100), (5, -1), (-5, 70), (5, 70),
        (140737488355327, 1), (-140737488355328, -1), (-140737488355328, 1),
        (140737488355327, 2), (-140737488355328, 200)]
# Many rounds so the small-int forms are specialized, then a big int and a float arrive.
for row in mix(base * 30)[-len(base):]:
    print(row)
for row in mix([(10**20, 7), (-7, -10**20), (2**60, 3)] * 3)[:3]:
    print(row)

total = 0
for i in range(300):
    x = i if i < 250 else i * 1.5
    total += x % 7
    total += x // 3
print(total)
acc = 0
for i in range(-200, 200):
    acc ^= (i << 3) | (i >> 2) & 0xFF
    acc += i % 13 - (i // 5)
print(acc)
