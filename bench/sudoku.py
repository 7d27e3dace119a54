# A constraint solver: sudoku by backtracking search over candidate sets, with constraint
# propagation (naked singles) and the most-constrained-cell heuristic. Puzzles are made by
# solving an empty grid with a seeded value order and then removing clues deterministically.
# Exercises lists of lists, sets, set operations, recursion, early exits, dict of peers.

ROWS = range(9)


def build_peers():
    peers = []
    for cell in range(81):
        r, c = divmod(cell, 9)
        br, bc = r // 3 * 3, c // 3 * 3
        ps = set()
        for k in range(9):
            ps.add(r * 9 + k)
            ps.add(k * 9 + c)
        for dr in range(3):
            for dc in range(3):
                ps.add((br + dr) * 9 + bc + dc)
        ps.discard(cell)
        peers.append(tuple(sorted(ps)))
    return peers


PEERS = build_peers()
ALL = frozenset(range(1, 10))


class Solver:
    def __init__(self, order):
        self.order = order
        self.nodes = 0

    def candidates(self, grid, cell):
        used = set()
        for p in PEERS[cell]:
            v = grid[p]
            if v:
                used.add(v)
        return ALL - used

    def propagate(self, grid, trail):
        changed = True
        while changed:
            changed = False
            for cell in range(81):
                if grid[cell] == 0:
                    cands = self.candidates(grid, cell)
                    if not cands:
                        return False
                    if len(cands) == 1:
                        grid[cell] = min(cands)
                        trail.append(cell)
                        changed = True
        return True

    def solve(self, grid, limit):
        # Returns the number of solutions found, up to limit; grid holds the first.
        self.nodes += 1
        trail = []
        if not self.propagate(grid, trail):
            for cell in trail:
                grid[cell] = 0
            return 0
        best = -1
        best_cands = None
        for cell in range(81):
            if grid[cell] == 0:
                cands = self.candidates(grid, cell)
                if best_cands is None or len(cands) < len(best_cands):
                    best = cell
                    best_cands = cands
                    if len(cands) <= 1:
                        break
        if best < 0:
            if limit > 1:
                for cell in trail:
                    grid[cell] = 0
            return 1
        found = 0
        for v in self.order:
            if v in best_cands:
                grid[best] = v
                found += self.solve(grid, limit - found)
                if found >= limit:
                    return found
                grid[best] = 0
        for cell in trail:
            grid[cell] = 0
        return found


def make_puzzle(seed):
    order = list(range(1, 10))
    s = seed
    for i in range(8, 0, -1):
        s = (s * 48271) % 2147483647
        j = s % (i + 1)
        order[i], order[j] = order[j], order[i]
    grid = [0] * 81
    Solver(order).solve(grid, 1)
    full = grid[:]
    puzzle = full[:]
    # Remove clues in a pseudo-random order while the solution stays unique.
    cells = list(range(81))
    for i in range(80, 0, -1):
        s = (s * 48271) % 2147483647
        j = s % (i + 1)
        cells[i], cells[j] = cells[j], cells[i]
    for cell in cells[:60]:
        keep = puzzle[cell]
        puzzle[cell] = 0
        trial = puzzle[:]
        if Solver(range(1, 10)).solve(trial, 2) != 1:
            puzzle[cell] = keep
    return puzzle, full


def main():
    total_nodes = 0
    check = 0
    for seed in range(1, 25):
        puzzle, full = make_puzzle(seed)
        grid = puzzle[:]
        solver = Solver(range(9, 0, -1))
        n = solver.solve(grid, 1)
        assert n == 1 and grid == full
        clues = sum(1 for v in puzzle if v)
        total_nodes += solver.nodes
        for i in range(81):
            check = (check * 7 + grid[i] * (i + 1)) % 1000000007
        print("seed", seed, "clues", clues, "nodes", solver.nodes, "row0", grid[:9])
    print("checksum", check, "nodes", total_nodes)


main()
