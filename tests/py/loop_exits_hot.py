# Loops that end inside hot code: inner loops over ranges (small, negative steps, empty,
# and past the small-int range) and lists finish and the code goes on after them; an
# exhausted list iterator stays exhausted when its list grows.


def inner_ranges():
    total = 0
    for i in range(3000):
        for j in range(i % 5):
            total += j
        for j in range(i % 4, 0, -1):
            total -= j
        for j in range(0):
            total += 1000
        total += 1
    return total


def big_ranges():
    total = 0
    base = 2**60
    for i in range(2000):
        for v in range(base + i, base + i + 3):
            total += v - base
    return total


def inner_lists():
    rows = [[i, i + 1, i + 2] for i in range(50)]
    total = 0
    for _ in range(100):
        for row in rows:
            for v in row:
                total += v
            total -= 1
    return total


def exhausted_stays_exhausted():
    seen = 0
    for i in range(2000):
        items = [i, i + 1]
        it = iter(items)
        for v in it:
            seen += v
        items.append(99)
        seen += len(list(it))
    return seen


print("inner ranges", inner_ranges())
print("big ranges", big_ranges())
print("inner lists", inner_lists())
print("exhausted", exhausted_stays_exhausted())
