# Branchy hot loops whose traces end in side traces and link back: data-dependent `if`s
# that go either way, a trace's end linked into a loop's copy, and links followed while
# the assumptions behind the linked traces change (a global rebound, a class attribute and
# a method replaced, a builtin shadowed) in the middle of the loop.

SCALE = 3


def branchy(n):
    evens = odds = big = 0
    total = 0
    for i in range(n):
        if i % 2 == 0:
            evens += 1
            total += i * SCALE
        else:
            odds += 1
            total -= i
        if i % 7 == 3:
            big += 1
        elif i % 11 == 5:
            big -= 1
    return evens, odds, big, total


print(branchy(40000))


def rebind_mid_loop(n):
    global SCALE
    out = 0
    for i in range(n):
        if i % 3 == 0:
            out += SCALE
        else:
            out -= 1
        if i == n // 2:
            SCALE = 10
    return out


print(rebind_mid_loop(40000))
SCALE = 3


class Counter:
    step = 1

    def bump(self, x):
        return x + self.step


def class_changes(n):
    c = Counter()
    acc = 0
    for i in range(n):
        if i & 1:
            acc = c.bump(acc)
        else:
            acc += Counter.step
        if i == 10000:
            Counter.step = 5
        if i == 25000:
            Counter.bump = lambda self, x: x - self.step
    return acc


print(class_changes(40000))


def shadow_builtin(n):
    total = 0
    items = [1, 2, 3]
    for i in range(n):
        if i % 4:
            total += len(items)
        else:
            total -= 1
        if i == 20000:
            globals()["len"] = lambda s: 100
    return total


print(shadow_builtin(40000))
del len


def nested_paths(grid):
    hits = 0
    for row in grid:
        for v in row:
            if v:
                if v > 5:
                    hits += 2
                else:
                    hits += 1
            else:
                hits -= 1
    return hits


grid = [[(r * 7 + c * 3) % 9 for c in range(40)] for r in range(600)]
print(nested_paths(grid))


def while_links(n):
    i = 0
    seen = []
    while i < n:
        if i % 5 == 0:
            seen.append(i)
        elif i % 5 == 1:
            seen.append(-i)
        i += 1
    return len(seen), sum(seen)


print(while_links(40000))


def raises_after_links(n):
    count = 0
    for i in range(n):
        if i % 3:
            count += 1
        else:
            count += 2
        if i == n - 1:
            return count // (i - i)
    return count


try:
    raises_after_links(40000)
except ZeroDivisionError as e:
    print("ZeroDivisionError", e)
