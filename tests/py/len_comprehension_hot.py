# len() of lists, tuples, strs, dicts, sets and a class with __len__ in hot loops;
# comprehensions appending past their lists' room; str concatenation guards that meet a
# non-str.


class Sized:
    def __len__(self):
        return 7


def lengths(n):
    things = [[1, 2, 3], (1, 2), "héllo", {1: 2}, {4, 5, 6, 7}, Sized(), [], ()]
    total = 0
    for i in range(n):
        total += len(things[i % len(things)])
    return total


def growing(n):
    rows = [[j * i for j in range(i % 40)] for i in range(n)]
    evens = [x for row in rows for x in row if x % 2 == 0]
    return len(rows), len(evens), sum(len(r) for r in rows)


def concat(n):
    parts = ["a", "bc", "", "déf"]
    out = ""
    errors = 0
    for i in range(n):
        p = parts[i % 4] if i % 997 else i
        try:
            out = out[-50:] + p
        except TypeError:
            errors += 1
    return len(out), errors


print("lengths", lengths(16000))
print("growing", growing(2000))
print("concat", concat(12000))
