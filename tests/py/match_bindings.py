# Names a match binds: as-patterns, OR patterns, scopes, loops and generators.


def as_patterns(v):
    match v:
        case [1, 2] as pair:
            return ("pair", pair)
        case [(1 | 2) as a, (3 | 4) as b] as whole:
            return ("alternatives", a, b, whole)
        case {"k": [*_] as seq} as m:
            return ("nested as", seq, len(m))
        case str() | bytes() as text:
            return ("text", text)
    return ("none",)


for v in [[1, 2], (2, 4), [1, 3], {"k": (1,)}, "s", b"b", 5]:
    print(as_patterns(v))


# Alternatives bind the same names, in any order.
def swap(v):
    match v:
        case (1, x, y) | (2, y, x):
            return x, y
        case {"a": a, "b": b} | [b, a]:
            return a, b
    return None


print(swap((1, "x", "y")), swap((2, "x", "y")), swap({"a": 1, "b": 2}), swap([3, 4]))


# Names bound by a case that later fails stay unbound; a failing guard keeps its names.
def partial(v):
    match v:
        case [x, 0]:
            pass
        case _:
            pass
    try:
        return x
    except NameError as e:
        return f"{type(e).__name__}: {e}"


print(partial([5, 0]), partial([5, 1]))

# Module-level captures are globals; in a class body they are class attributes.
match [1, 2]:
    case [first, second]:
        pass
print(first, second)


class Config:
    match {"mode": "fast"}:
        case {"mode": mode}:
            speed = 10 if mode == "fast" else 1


print(Config.mode, Config.speed)


def closures(items):
    fs = []
    for it in items:
        match it:
            case (name, value):
                fs.append(lambda name=name, value=value: f"{name}={value}")
            case value:
                fs.append(lambda: f"last value seen: {value}")
    return [f() for f in fs]


print(closures([("a", 1), "z", ("b", 2)]))

counter = 0


def bump(v):
    global counter
    match v:
        case int(counter):
            pass
    return counter


print(bump(41), counter)


# break, continue and return inside cases; a match inside a match.
def walk(items):
    out = []
    for it in items:
        match it:
            case "stop":
                break
            case "skip":
                continue
            case [inner]:
                match inner:
                    case int(n):
                        out.append(n * 10)
                    case other:
                        out.append(other)
            case _:
                out.append(it)
    else:
        out.append("no break")
    return out


print(walk([1, "skip", [2], ["x"], 3]), walk([1, "stop", 2]))


def gen(items):
    for it in items:
        match it:
            case (k, v):
                yield f"{k}:{v}"
            case _:
                return


print(list(gen([(1, 2), (3, 4), None, (5, 6)])))
