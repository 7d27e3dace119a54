# seeded random maze generation (DFS backtracker) and BFS solving
import random
random.seed(7)
W, H = 8, 5
walls = {(x, y): {"N", "S", "E", "W"} for x in range(W) for y in range(H)}
moves = {"N": (0, -1), "S": (0, 1), "E": (1, 0), "W": (-1, 0)}
opposite = {"N": "S", "S": "N", "E": "W", "W": "E"}
stack, seen = [(0, 0)], {(0, 0)}
while stack:
    x, y = stack[-1]
    options = [d for d in "NSEW" if (x + moves[d][0], y + moves[d][1]) in walls and (x + moves[d][0], y + moves[d][1]) not in seen]
    if not options:
        stack.pop()
        continue
    d = random.choice(options)
    nx, ny = x + moves[d][0], y + moves[d][1]
    walls[(x, y)].discard(d)
    walls[(nx, ny)].discard(opposite[d])
    seen.add((nx, ny))
    stack.append((nx, ny))
def solve():
    prev = {(0, 0): None}
    q = [(0, 0)]
    for cell in q:
        if cell == (W - 1, H - 1):
            break
        for d in "NSEW":
            if d not in walls[cell]:
                n = (cell[0] + moves[d][0], cell[1] + moves[d][1])
                if n not in prev:
                    prev[n] = cell
                    q.append(n)
    path, c = [], (W - 1, H - 1)
    while c:
        path.append(c)
        c = prev[c]
    return path[::-1]
path = set(solve())
print("+" + "---+" * W)
for y in range(H):
    row, below = "|", "+"
    for x in range(W):
        row += (" * " if (x, y) in path else "   ") + ("|" if "E" in walls[(x, y)] else " ")
        below += ("---" if "S" in walls[(x, y)] else "   ") + "+"
    print(row)
    print(below)
print(len(path), sum(len(w) for w in walls.values()))
