# pascal's triangle, spiral matrix, magic square, look-and-say
def pascal(n):
    rows = [[1]]
    for _ in range(n - 1):
        prev = rows[-1]
        rows.append([1] + [a + b for a, b in zip(prev, prev[1:])] + [1])
    return rows
for row in pascal(8):
    print(" ".join(map(str, row)).center(40).rstrip())
print(pascal(30)[-1][15])
def spiral(n):
    m = [[0] * n for _ in range(n)]
    x = y = 0
    dx, dy = 1, 0
    for k in range(1, n * n + 1):
        m[y][x] = k
        nx, ny = x + dx, y + dy
        if not (0 <= nx < n and 0 <= ny < n and m[ny][nx] == 0):
            dx, dy = -dy, dx
            nx, ny = x + dx, y + dy
        x, y = nx, ny
    return m
for row in spiral(5):
    print(" ".join(f"{v:2d}" for v in row))
def magic(n):
    m = [[0] * n for _ in range(n)]
    i, j = 0, n // 2
    for k in range(1, n * n + 1):
        m[i][j] = k
        ni, nj = (i - 1) % n, (j + 1) % n
        if m[ni][nj]:
            ni, nj = (i + 1) % n, j
        i, j = ni, nj
    return m
sq = magic(5)
print(sq[0], {sum(r) for r in sq}, {sum(c) for c in zip(*sq)}, sum(sq[i][i] for i in range(5)))
def look_and_say(s):
    out, i = [], 0
    while i < len(s):
        j = i
        while j < len(s) and s[j] == s[i]:
            j += 1
        out.append(f"{j - i}{s[i]}")
        i = j
    return "".join(out)
s = "1"
for _ in range(8):
    print(s)
    s = look_and_say(s)
