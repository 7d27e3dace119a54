# uncaught NameError from a typo inside a nested function
def banner(title):
    rule = "-" * min(len(title), 40)
    print(rule)
    print(title)
    print(rule)
banner('err_uncaught_nameerror')
def outer(values):
    def inner(v):
        return v + offset_typo
    return [inner(v) for v in values] if values else []
print(outer([]))
print(outer([1, 2]))
