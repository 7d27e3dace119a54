# StopIteration inside a generator becomes RuntimeError
def banner(title):
    rule = "-" * min(len(title), 40)
    print(rule)
    print(title)
    print(rule)
banner('err_uncaught_gen_runtime')
def pairs(it):
    it = iter(it)
    while True:
        a = next(it)
        b = next(it)
        yield a, b
print(list(pairs([1, 2, 3, 4])))
