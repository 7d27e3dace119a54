# Truth tests of strs and lists in hot branches: short (inline) and long strs, non-ASCII,
# empty ones, lists growing and emptied, a value whose type changes under the test, and
# floats computed before the test and used after it.


def strs(n):
    words = ["", "a", "", "naïve", "x" * 40, "", "€uro", " "]
    count = 0
    acc = 0.0
    for i in range(n):
        w = words[i % len(words)]
        x = i * 1.5
        y = x * 0.5
        if w:
            count += 1
            acc += x - y
        elif not w:
            acc -= y
    return count, acc


def lists(n):
    stack = []
    pops = 0
    for i in range(n):
        if i % 3:
            stack.append(i)
        if stack and i % 5 == 0:
            stack.pop()
            pops += 1
        if not stack:
            pops -= 1
    return pops, len(stack)


def mixed(n):
    values = ["s", "", [1], [], None, 0, 1, 2.5, "t"]
    truthy = 0
    for i in range(n):
        if values[i % len(values)]:
            truthy += 1
    return truthy


print("strs", strs(24000))
print("lists", lists(24000))
print("mixed", mixed(18000))
