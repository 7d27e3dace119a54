# uncaught exception raised "from None" suppresses the context
def banner(title):
    rule = "-" * min(len(title), 40)
    print(rule)
    print(title)
    print(rule)
banner('err_uncaught_from_none')
def get(d, k):
    try:
        return d[k]
    except KeyError:
        raise LookupError(f"no such key: {k}") from None
print(get({"x": 1}, "x"))
get({"x": 1}, "y")
