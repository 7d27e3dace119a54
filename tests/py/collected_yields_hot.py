# Generators that native code consumes in place (sum, list, tuple, sorted, str.join, ...),
# hot enough for their yields to run in traces: small-int totals, totals that outgrow small
# ints, floats and other values mid-way, lists that must grow, collections nested inside a
# collected generator, and a generator that raises while collected.


def count(n):
    i = 0
    while i < n:
        yield i
        i += 1


def big_steps(n):
    for i in range(n):
        yield 2**46 + i


def mixed(n):
    for i in range(n):
        if i % 1000 == 999:
            yield 0.5
        else:
            yield i


def nested(n):
    for i in range(n):
        yield sum(count(i % 20))


def failing(n):
    for i in range(n):
        if i == n - 1:
            raise ValueError("at " + str(i))
        yield i


print(sum(count(50000)), sum(x * 3 for x in count(40000)))
print(sum(big_steps(5000)))
print(sum(mixed(20000)))
print(len(list(count(30000))), list(count(30000))[-3:], tuple(count(25))[20:])
print(sum(nested(20000)), len(list(nested(3000))))
print(sorted(count(5000), key=lambda x: -x)[:3], "-".join(str(x) for x in count(12)))
try:
    sum(failing(30000))
except ValueError as e:
    print("sum:", e)
try:
    list(failing(30000))
except ValueError as e:
    print("list:", e)
print(sum(count(10), 2**60), sum(count(3000), 0.5))
