# uncaught ZeroDivisionError in nested arithmetic helpers
def mean(xs):
    return sum(xs) / len(xs)
def normalized(groups):
    return [mean(g) for g in groups]
def report(groups):
    for i, m in enumerate(normalized(groups)):
        print(i, m)
print("start")
report([[1, 2, 3], [4, 5], []])
