# uncaught NameError from a typo inside a nested function
def outer(values):
    def inner(v):
        return v + offset_typo
    return [inner(v) for v in values] if values else []
print(outer([]))
print(outer([1, 2]))
