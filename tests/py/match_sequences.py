# Sequence patterns: which subjects are sequences, lengths, stars, nesting.


def shape(v):
    match v:
        case []:
            return "empty"
        case [x]:
            return f"one: {x!r}"
        case [x, y]:
            return f"two: {x!r} {y!r}"
        case [first, *middle, last] if len(middle) < 3:
            return f"first {first!r} middle {middle} last {last!r}"
        case [first, *_]:
            return f"long, starts with {first!r}"
        case _:
            return "not a sequence"


class MyList(list):
    pass


subjects = [[], [1], (1, 2), [1, 2, 3], (1, 2, 3, 4, 5), list(range(10)), range(3),
            range(0), MyList([4, 5]), "ab", "a", b"ab", bytearray(b"ab"),
            {1: 2}, {1, 2}, frozenset([1]), iter([1, 2]), (x for x in [1]), 12, None]
for s in subjects:
    name = type(s).__name__
    print(name, shape(s))


# Tuple and list syntax are interchangeable; the subject's type does not matter.
for v in [(1, 2), [1, 2]]:
    match v:
        case (1, 2):
            print("paren form matched", v)
    match v:
        case [1, 2]:
            print("bracket form matched", v)
    match v:
        case 1, 2:
            print("open form matched", v)


def stars(v):
    match v:
        case [*_]:
            return "any sequence"
    return "not"


print(stars([]), stars("abc"), stars(range(5)))


def star_positions(v):
    match v:
        case [*init, 9]:
            return ("ends with 9", init)
        case [0, *rest]:
            return ("starts with 0", rest)
        case [a, *mid, b, c]:
            return ("three or more", a, mid, b, c)
        case [*_, 5, _]:
            return ("5 second to last",)
    return ("none",)


for v in [[9], [1, 2, 9], (0,), (0, 1, 2), [1, 2, 3], [1, 2, 3, 4, 5], [5, 1], range(4, 7)]:
    print(v, star_positions(v))


# The star binds a list, whatever the subject's type.
match (1, 2, 3):
    case (a, *b):
        print(type(b).__name__, b)
match range(5):
    case [_, *b, _]:
        print(type(b).__name__, b)


# Nested patterns.
def nested(v):
    match v:
        case [(x, y), [z, *_]]:
            return x + y + z
        case [[[deep]]]:
            return deep
        case [_, [_, [_, last]]]:
            return last
    return None


print(nested([(1, 2), [3, 4, 5]]), nested([[["d"]]]), nested([0, [1, [2, 3]]]), nested([1]))


# A user sequence subclass keeps its own indexing for star-wildcard patterns.
class Loud(list):
    def __getitem__(self, i):
        print("  getitem", i)
        return list.__getitem__(self, i)

    def __len__(self):
        print("  len")
        return list.__len__(self)


match Loud([10, 20, 30]):
    case [a, *_, b]:
        print("ends", a, b)

# Sequence items are compared with ==.
match [1.0, True]:
    case [1, 1]:
        print("1.0 == 1 and True == 1")
