# n-queens: count and print solutions
def solve(n):
    sols = []
    cols = [0] * n
    def place(row, used, d1, d2):
        if row == n:
            sols.append(cols[:])
            return
        for c in range(n):
            if c in used or (row - c) in d1 or (row + c) in d2:
                continue
            cols[row] = c
            used.add(c); d1.add(row - c); d2.add(row + c)
            place(row + 1, used, d1, d2)
            used.discard(c); d1.discard(row - c); d2.discard(row + c)
    place(0, set(), set(), set())
    return sols
for n in range(1, 9):
    print(n, len(solve(n)))
first = solve(6)[0]
for c in first:
    print(" ".join("Q" if i == c else "." for i in range(6)))
print(solve(4))
