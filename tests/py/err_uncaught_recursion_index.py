# uncaught IndexError from a recursive function (a few levels deep)
def nth(lst, n):
    if n == 0:
        return lst[0]
    return nth(lst[1:], n - 1)
print(nth([10, 20, 30], 2))
print(nth([10, 20, 30], 4))
