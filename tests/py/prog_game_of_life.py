# Conway's game of life on a small torus
def step(grid):
    h, w = len(grid), len(grid[0])
    new = []
    for y in range(h):
        row = []
        for x in range(w):
            n = sum(grid[(y + dy) % h][(x + dx) % w] for dy in (-1, 0, 1) for dx in (-1, 0, 1) if dy or dx)
            row.append(1 if n == 3 or (n == 2 and grid[y][x]) else 0)
        new.append(row)
    return new
def show(grid):
    print("\n".join("".join("#" if c else "." for c in row) for row in grid))
    print()
glider = [".#......", "..#.....", "###.....", "........", "........", "........"]
grid = [[1 if c == "#" else 0 for c in row] for row in glider]
for gen in range(5):
    print("generation", gen, "alive", sum(map(sum, grid)))
    show(grid)
    grid = step(grid)
blinker = [[0] * 5 for _ in range(5)]
for x in (1, 2, 3):
    blinker[2][x] = 1
b1 = step(blinker)
print(b1 == blinker, step(b1) == blinker)
