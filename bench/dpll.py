# A small SAT solver: DPLL with unit propagation, pure-literal elimination and a
# most-occurrences branching rule, on deterministic random 3-SAT instances near the
# satisfiability threshold (clauses / variables = 4.2) and on pigeonhole instances.
# Exercises lists of tuples, dicts of counters, sets, recursion, list comprehensions, ints.


def lcg(seed):
    state = seed
    while True:
        state = (state * 6364136223846793005 + 1442695040888963407) % (1 << 64)
        yield state >> 33


def random_3sat(n_vars, n_clauses, seed):
    rng = lcg(seed)
    clauses = []
    for _ in range(n_clauses):
        lits = set()
        while len(lits) < 3:
            v = next(rng) % n_vars + 1
            if v in lits or -v in lits:
                continue
            lits.add(v if next(rng) & 1 else -v)
        clauses.append(tuple(sorted(lits)))
    return clauses


def pigeonhole(holes):
    # holes + 1 pigeons into holes: unsatisfiable. Variable p * holes + h + 1.
    pigeons = holes + 1
    clauses = []
    for p in range(pigeons):
        clauses.append(tuple(p * holes + h + 1 for h in range(holes)))
    for h in range(holes):
        for p in range(pigeons):
            for q in range(p + 1, pigeons):
                clauses.append((-(p * holes + h + 1), -(q * holes + h + 1)))
    return clauses


def simplify(clauses, lit):
    # Assign lit true: drop satisfied clauses, remove -lit from the others.
    out = []
    neg = -lit
    for c in clauses:
        if lit in c:
            continue
        if neg in c:
            c = tuple(x for x in c if x != neg)
            if not c:
                return None
        out.append(c)
    return out


class Dpll:
    def __init__(self):
        self.decisions = 0
        self.units = 0

    def solve(self, clauses, assignment):
        while True:
            unit = 0
            for c in clauses:
                if len(c) == 1:
                    unit = c[0]
                    break
            if not unit:
                break
            self.units += 1
            assignment.append(unit)
            clauses = simplify(clauses, unit)
            if clauses is None:
                return False
        if not clauses:
            return True
        counts = {}
        for c in clauses:
            for x in c:
                counts[x] = counts.get(x, 0) + 1
        pure = [x for x in counts if -x not in counts]
        if pure:
            for x in pure:
                assignment.append(x)
                clauses = simplify(clauses, x)
            return self.solve(clauses, assignment)
        # (max(counts, key=...) would do, but see bench/README.md: Tiercel's max/min with a
        # key can lose the best key to the GC.)
        best = 0
        best_score = None
        for x in counts:
            score = (counts[x] + counts.get(-x, 0), x)
            if best_score is None or score > best_score:
                best = x
                best_score = score
        self.decisions += 1
        for lit in (best, -best):
            mark = len(assignment)
            assignment.append(lit)
            reduced = simplify(clauses, lit)
            if reduced is not None and self.solve(reduced, assignment):
                return True
            del assignment[mark:]
        return False


def check(clauses, assignment):
    true = set(assignment)
    return all(any(x in true for x in c) for c in clauses)


def main():
    sat = 0
    total_decisions = 0
    for seed in range(30):
        clauses = random_3sat(50, 210, seed)
        solver = Dpll()
        assignment = []
        ok = solver.solve(clauses, assignment)
        if ok:
            sat += 1
            assert check(clauses, assignment)
        total_decisions += solver.decisions
        print("3sat seed %d: %s decisions=%d units=%d" % (
            seed, "SAT" if ok else "UNSAT", solver.decisions, solver.units))
    for holes in (5, 6):
        solver = Dpll()
        ok = solver.solve(pigeonhole(holes), [])
        total_decisions += solver.decisions
        print("pigeonhole %d: %s decisions=%d" % (holes, "SAT" if ok else "UNSAT", solver.decisions))
    print("satisfiable", sat, "decisions", total_decisions)


main()
