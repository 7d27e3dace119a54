# tiny spreadsheet: cells with formulas, dependency resolution, cycle detection
class CycleError(Exception):
    pass
cells = {
    "A1": 5, "A2": 7, "A3": "=A1+A2",
    "B1": "=A3*2", "B2": "=B1-A1", "B3": "=SUM(A1:A3)",
    "C1": "=C2+1", "C2": "=C1+1",
    "D1": "=A1/0", "D2": "=Z9+1",
}
def expand_range(r):
    a, b = r.split(":")
    col = a[0]
    return [f"{col}{i}" for i in range(int(a[1:]), int(b[1:]) + 1)]
def evaluate(name, visiting=()):
    if name.isdigit():
        return int(name)
    if name in visiting:
        raise CycleError(" -> ".join(visiting + (name,)))
    if name not in cells:
        raise KeyError(f"no cell {name}")
    v = cells[name]
    if not (isinstance(v, str) and v.startswith("=")):
        return v
    expr = v[1:]
    if expr.startswith("SUM(") and expr.endswith(")"):
        return sum(evaluate(c, visiting + (name,)) for c in expand_range(expr[4:-1]))
    for op in "+-*/":
        if op in expr:
            l, r = expr.split(op, 1)
            lv, rv = evaluate(l, visiting + (name,)), evaluate(r, visiting + (name,))
            if op == "+": return lv + rv
            if op == "-": return lv - rv
            if op == "*": return lv * rv
            return lv / rv
    return evaluate(expr, visiting + (name,))
for name in sorted(cells):
    try:
        print(name, "=", evaluate(name))
    except (CycleError, ZeroDivisionError, KeyError) as e:
        print(name, "!", type(e).__name__, e)
