# traceback through yield from and nested generators
def leaf(n):
    for i in range(n):
        yield 10 // (2 - i)
def middle():
    yield from leaf(4)
def top():
    for v in middle():
        print("value", v)
top()
