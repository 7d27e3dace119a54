# yield inside try/except/finally and generators that catch thrown exceptions
def guarded(items):
    for x in items:
        try:
            yield 10 / x
        except ZeroDivisionError:
            yield "inf"
        finally:
            print(f"  done with {x}")
print(list(guarded([1, 0, 4])))
def resilient():
    n = 0
    while n < 3:
        try:
            yield n
        except ValueError as e:
            print("  caught thrown", e)
            n = -1
        n += 1
g = resilient()
print(next(g), next(g), g.throw(ValueError("jump")), list(g))
def nested():
    try:
        try:
            yield "inner"
        finally:
            print("  inner finally")
        yield "between"
    finally:
        print("  outer finally")
n = nested()
print(next(n), next(n))
n.close()
print("closed nested")
