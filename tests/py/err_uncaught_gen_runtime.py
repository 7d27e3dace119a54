# StopIteration inside a generator becomes RuntimeError
def pairs(it):
    it = iter(it)
    while True:
        a = next(it)
        b = next(it)
        yield a, b
print(list(pairs([1, 2, 3, 4])))
