# uncaught TypeError inside a lambda called via map
def banner(title):
    rule = "-" * min(len(title), 40)
    print(rule)
    print(title)
    print(rule)
banner('err_uncaught_lambda')
def apply_all(fn, items):
    return list(map(fn, items))
def run():
    items = [1, 2, "three", 4]
    return apply_all(lambda x: x * 2 + 1, items)
print(apply_all(lambda s: s + "!", ["a", "b"]))
print(run())
