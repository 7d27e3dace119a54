# Side traces that start at a global load (the statement after a call or a branch loads a
# global first): the value is promoted into the trace, and rebinding the global (from the
# loop, from a function it calls, through globals()) must be seen at once in every tier.

SCALE = 3
OFFSET = 10


def step(i):
    return i % 5


def bump():
    global OFFSET
    OFFSET += 1


def run(n):
    total = 0
    for i in range(n):
        if step(i) == 0:
            total += SCALE * i
        else:
            total += OFFSET
        if i == n // 2:
            bump()
        if i == n * 3 // 4:
            globals()["SCALE"] = 5
    return total


def fib(n):
    if n < 2:
        return n
    return fib(n - 1) + fib(n - 2)


def swap_fib(n):
    global fib
    old = fib

    def fib(k):
        return -k

    r = old(n)
    fib = old
    return r


print(run(4000))
print(run(4000))
print(fib(18))
print(swap_fib(12))
print(fib(15))
