# uncaught StopIteration from next() on an exhausted iterator
def banner(title):
    rule = "-" * min(len(title), 40)
    print(rule)
    print(title)
    print(rule)
banner('err_uncaught_stopiteration')
def first_two(it):
    return next(it), next(it)
it = iter([1, 2, 3])
print(first_two(it))
print(first_two(it))
