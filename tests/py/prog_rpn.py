# reverse polish notation evaluator and infix->RPN (shunting yard)
PREC = {"+": 1, "-": 1, "*": 2, "/": 2, "^": 3}
def to_rpn(expr):
    out, ops = [], []
    for tok in expr.replace("(", " ( ").replace(")", " ) ").split():
        if tok.isdigit():
            out.append(tok)
        elif tok in PREC:
            while ops and ops[-1] != "(" and (PREC[ops[-1]] > PREC[tok] or (PREC[ops[-1]] == PREC[tok] and tok != "^")):
                out.append(ops.pop())
            ops.append(tok)
        elif tok == "(":
            ops.append(tok)
        elif tok == ")":
            while ops and ops[-1] != "(":
                out.append(ops.pop())
            if not ops:
                raise ValueError("mismatched parenthesis")
            ops.pop()
        else:
            raise ValueError(f"bad token {tok!r}")
    while ops:
        op = ops.pop()
        if op == "(":
            raise ValueError("mismatched parenthesis")
        out.append(op)
    return out
def eval_rpn(tokens):
    st = []
    for t in tokens:
        if t in PREC:
            b, a = st.pop(), st.pop()
            st.append({"+": a + b, "-": a - b, "*": a * b, "/": a // b if b else None, "^": a ** b}[t] if t != "/" else a // b)
        else:
            st.append(int(t))
    if len(st) != 1:
        raise ValueError(f"malformed expression, stack={st}")
    return st[0]
for e in ["3 + 4 * 2", "(1 + 2) * (3 + 4)", "2 ^ 3 ^ 2", "100 / 7 / 2", "8 - 3 - 2", "((7))"]:
    r = to_rpn(e)
    print(f"{e:20} -> {' '.join(r):20} = {eval_rpn(r)}")
for bad in ["(1 + 2", "1 + 2)", "1 & 2"]:
    try:
        to_rpn(bad)
    except ValueError as e:
        print(type(e).__name__, e)
for bad in [["1", "2"], ["1", "+"], ["4", "0", "/"]]:
    try:
        eval_rpn(bad)
    except (ValueError, IndexError, ZeroDivisionError) as e:
        print(type(e).__name__, e)
