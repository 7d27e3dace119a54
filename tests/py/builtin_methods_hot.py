# Method calls on builtin types in hot loops, where the receiver's type changes under a
# call site the specializer saw with one type: a list, then a tuple, a user class with the
# same method, a set and a frozenset (one tag, two types).


class Counter:
    def count(self, x):
        return 100

    def copy(self):
        return self


def counts(items):
    total = 0
    for it in items:
        total += it.count(1)
    return total


def copies(items):
    kinds = []
    for it in items:
        kinds.append(type(it.copy()).__name__)
    return kinds


def words(texts):
    n = 0
    for t in texts:
        n += len(t.split()) + t.upper().count("A")
    return n


def run():
    lists = [[1, 2, 1]] * 3000
    print("lists", counts(lists))
    mixed = [[1, 1], (1, 2, 1), Counter(), [3]] * 1500
    print("mixed", counts(mixed))
    sets = [{1, 2}] * 3000 + [frozenset([1])] * 3 + [{3}]
    kinds = copies(sets)
    print("copies", kinds.count("set"), kinds.count("frozenset"))
    texts = ["a b ca", "aa b", "x"] * 2000
    print("words", words(texts))
    d = {}
    for i in range(6000):
        d.setdefault(i % 7, []).append(i)
    print("dict", sorted((k, len(v)) for k, v in d.items()))


run()
