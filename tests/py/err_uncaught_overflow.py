# uncaught OverflowError converting a huge int to float
def banner(title):
    rule = "-" * min(len(title), 40)
    print(rule)
    print(title)
    print(rule)
banner('err_uncaught_overflow')
def ratio(a, b):
    return float(a) / b
print(ratio(10, 4))
print(ratio(10 ** 400, 3))
