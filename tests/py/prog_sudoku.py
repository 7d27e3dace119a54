# sudoku solver with constraint-based backtracking (easy puzzle)
puzzle = """
53..7....
6..195...
.98....6.
8...6...3
4..8.3..1
7...2...6
.6....28.
...419..5
....8..79"""
grid = [[int(c) if c != "." else 0 for c in line] for line in puzzle.split()]
def candidates(g, r, c):
    used = set(g[r]) | {g[i][c] for i in range(9)}
    br, bc = 3 * (r // 3), 3 * (c // 3)
    used |= {g[i][j] for i in range(br, br + 3) for j in range(bc, bc + 3)}
    return [v for v in range(1, 10) if v not in used]
calls = 0
def solve(g):
    global calls
    calls += 1
    best = None
    for r in range(9):
        for c in range(9):
            if g[r][c] == 0:
                cand = candidates(g, r, c)
                if best is None or len(cand) < len(best[2]):
                    best = (r, c, cand)
    if best is None:
        return True
    r, c, cand = best
    for v in cand:
        g[r][c] = v
        if solve(g):
            return True
    g[r][c] = 0
    return False
print(solve(grid), calls)
for i, row in enumerate(grid):
    print(" ".join("".join(map(str, row[j:j + 3])) for j in (0, 3, 6)))
ok = all(sorted(row) == list(range(1, 10)) for row in grid) and all(sorted(col) == list(range(1, 10)) for col in zip(*grid))
print("valid:", ok)
