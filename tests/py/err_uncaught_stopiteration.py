# uncaught StopIteration from next() on an exhausted iterator
def first_two(it):
    return next(it), next(it)
it = iter([1, 2, 3])
print(first_two(it))
print(first_two(it))
