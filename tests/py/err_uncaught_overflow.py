# uncaught OverflowError converting a huge int to float
def ratio(a, b):
    return float(a) / b
print(ratio(10, 4))
print(ratio(10 ** 400, 3))
