# boolean operators with short-circuiting, conditional expressions
def t(label, v):
    print("  eval", label)
    return v
print(t("a", 0) or t("b", "") or t("c", "c-val"))
print(t("a", 1) and t("b", []) and t("c", 3))
print(t("a", None) and t("never", 1))
print(t("a", "x") or t("never", 1))
print(not 0, not 1, not "", not "a", not None, not [], not not 5)
print(1 and 2, 0 and 2, 1 or 2, 0 or 2, "" or [] or 0, None or "default", [] and "x")
x = 5
print("big" if x > 3 else "small", "even" if x % 2 == 0 else "odd", (1 if x else 2) + 1)
print("neg" if x < 0 else "zero" if x == 0 else "pos")
print(t("c", True) if t("cond", False) else t("e", "else-branch"))
print(True + True, True * 3, False ** 0, True / 2, -True, ~True, int(False), str(True), repr(False))
print(bool(0), bool(1), bool(-1), bool(0.0), bool("0"), bool(" "), bool(None), bool(()), bool((0,)))
print(isinstance(True, int), type(True).__name__, True == 1)
print(None is None, None == None, None is not None, type(None).__name__, str(None), repr(None))
