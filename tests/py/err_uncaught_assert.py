# uncaught AssertionError with a message
def banner(title):
    rule = "-" * min(len(title), 40)
    print(rule)
    print(title)
    print(rule)
banner('err_uncaught_assert')
def check_sorted(xs):
    for a, b in zip(xs, xs[1:]):
        assert a <= b, f"not sorted: {a} > {b}"
    return True
print(check_sorted([1, 2, 3]))
print(check_sorted([1, 3, 2]))
