# if/elif/else, while with else, break, continue, pass
def classify(n):
    if n < 0:
        return "neg"
    elif n == 0:
        return "zero"
    elif n < 10:
        return "small"
    else:
        return "big"
print([classify(v) for v in (-5, 0, 3, 10, 99)])
i = 0
while i < 5:
    i += 1
    if i == 2:
        continue
    if i == 4:
        pass
    print("i", i)
else:
    print("while else ran")
i = 0
while True:
    i += 1
    if i > 3:
        break
else:
    print("never")
print("after break", i)
n = 0
while n < 0:
    pass
else:
    print("empty while else")
def find_div(n):
    d = 2
    while d * d <= n:
        if n % d == 0:
            break
        d += 1
    else:
        return f"{n} prime"
    return f"{n} divisible by {d}"
print([find_div(v) for v in (2, 9, 13, 91, 97)])
x = 5
if x: print("truthy one-liner")
if not []: print("empty list falsy")
if 0: print("no")
elif "": print("no")
elif None: print("no")
else: print("all falsy")
count = 0
while count < 10:
    count += 1
    if count % 2: continue
    if count > 6: break
    print("even", count)
