# else clause only runs without exceptions; return inside try skips else
def f(x):
    try:
        if x == "return":
            return "returned from try"
        if x == "raise":
            raise RuntimeError("boom")
    except RuntimeError:
        return "handled"
    else:
        return "else ran"
    finally:
        print("  finally for", x)
for x in ["return", "raise", "normal"]:
    print(f(x))
def loop_else():
    for i in range(3):
        try:
            if i == 1:
                continue
        except Exception:
            pass
        else:
            print("  else", i)
loop_else()
try:
    pass
except Exception:
    print("no")
else:
    print("else with pass body")
