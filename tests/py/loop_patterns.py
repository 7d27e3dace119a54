# loop control patterns: flags, nested break, for/else search, range steps
grid = [[1, 2, 3], [4, 99, 6], [7, 8, 9]]
found = None
for r, row in enumerate(grid):
    for c, v in enumerate(row):
        if v == 99:
            found = (r, c)
            break
    if found:
        break
print(found)
for r, row in enumerate(grid):
    if 5 in row:
        print("5 in row", r)
        break
else:
    print("no row contains 5")
print(list(range(10, 0, -3)), list(range(-5, 5, 4)), list(range(0, -10, -2)), list(range(5, 5)))
total = 0
for i in range(100, 0, -7):
    if i % 2:
        continue
    total += i
print(total)
n = 27
steps = 0
while n != 1:
    n = n // 2 if n % 2 == 0 else 3 * n + 1
    steps += 1
    if steps > 1000:
        break
else:
    print("while finished normally after", steps)
count = 0
for _ in range(3):
    for _ in range(4):
        for _ in range(5):
            count += 1
print(count)
it = iter(range(10))
for x in it:
    if x == 3:
        for y in it:
            if y == 6:
                break
        print("inner consumed up to 6")
print("next after loops:", next(it, None))
