# match statements in hot loops (traced and compiled by the higher tiers): a small stack
# machine, a shape dispatcher and a token classifier.


class Num:
    __match_args__ = ("value",)

    def __init__(self, value):
        self.value = value


class Add:
    __match_args__ = ("left", "right")

    def __init__(self, left, right):
        self.left = left
        self.right = right


def run(program):
    stack = []
    pc = 0
    steps = 0
    while pc < len(program):
        steps += 1
        match program[pc]:
            case ("push", value):
                stack.append(value)
            case ("add",):
                b, a = stack.pop(), stack.pop()
                stack.append(a + b)
            case ("dec", name) if stack[-1] > 0:
                stack[-1] -= 1
            case ("jump_if_pos", target):
                if stack[-1] > 0:
                    pc = target
                    continue
            case ("dup",):
                stack.append(stack[-1])
            case ["pop", *_]:
                stack.pop()
            case op:
                raise ValueError(op)
        pc += 1
    return stack, steps


# Count 500 down to 0, summing along the way.
prog = [("push", 0), ("push", 500), ("dup",), ("pop", "ignored"), ("dec", "n"),
        ("jump_if_pos", 2), ("add",)]
print(run(prog))


def evaluate(e):
    match e:
        case Num(v):
            return v
        case Add(Num(0), right):
            return evaluate(right)
        case Add(left, right):
            return evaluate(left) + evaluate(right)


total = 0
for i in range(300):
    expr = Add(Num(i), Add(Num(0), Num(i % 7)))
    total += evaluate(expr)
print(total)


def classify(tokens):
    counts = {}
    for t in tokens:
        match t:
            case int() | float():
                kind = "number"
            case "+" | "-" | "*" | "/":
                kind = "operator"
            case str(s) if s.isidentifier():
                kind = "name"
            case {"kind": k}:
                kind = k
            case [*items]:
                kind = f"group{len(items)}"
            case _:
                kind = "other"
        counts[kind] = counts.get(kind, 0) + 1
    return sorted(counts.items())


toks = []
for i in range(400):
    toks.extend([i, "+", f"v{i % 5}", 2.5, {"kind": "mapped"}, [i, i], "?", None])
print(classify(toks))
