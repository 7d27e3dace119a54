# for loops with else, break, continue, nested, over various iterables
for i in range(3):
    print(i, end=" ")
else:
    print("-> for else")
for c in "ab":
    for d in "xyz":
        if d == "y":
            continue
        if c == "b" and d == "z":
            break
        print(c + d, end=" ")
    else:
        print("inner else", end=" ")
print()
for k in {"one": 1, "two": 2}:
    print(k, end=",")
print()
for x in []:
    print("never")
else:
    print("empty for else")
for i, v in enumerate(["a", "b"], start=10):
    print(i, v)
for a, b in zip([1, 2, 3], "xy"):
    print(a, b)
lst = [1, 2, 3]
for x in lst:
    if x == 2:
        lst.append(99)
    if len(lst) > 5:
        break
print(lst)
for i in range(5):
    pass
print("loop var after:", i)
def primes(n):
    out = []
    for c in range(2, n):
        for p in out:
            if c % p == 0:
                break
        else:
            out.append(c)
    return out
print(primes(40))
total = 0
for row in [[1, 2], [3], [], [4, 5, 6]]:
    for v in row:
        total += v
print(total)
try:
    for x in 5:
        pass
except TypeError as e:
    print(type(e).__name__, e)
try:
    for x in None:
        pass
except TypeError as e:
    print(type(e).__name__, e)
