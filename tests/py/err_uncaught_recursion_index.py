# uncaught IndexError from a recursive function (a few levels deep)
def banner(title):
    rule = "-" * min(len(title), 40)
    print(rule)
    print(title)
    print(rule)
banner('err_uncaught_recursion_index')
def nth(lst, n):
    if n == 0:
        return lst[0]
    return nth(lst[1:], n - 1)
print(nth([10, 20, 30], 2))
print(nth([10, 20, 30], 4))
