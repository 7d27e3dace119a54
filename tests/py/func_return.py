# return values, multiple returns, early exit
def nothing():
    return
def implicit():
    x = 1
def multi():
    return 1, "two", [3]
def early(xs):
    for x in xs:
        if x < 0:
            return x
    return None
print(nothing(), implicit(), multi(), early([1, -2, -3]), early([1]))
a, b, c = multi()
print(a, b, c)
def fib_list(n):
    if n <= 0:
        return []
    if n == 1:
        return [0]
    out = [0, 1]
    while len(out) < n:
        out.append(out[-1] + out[-2])
    return out
print(fib_list(0), fib_list(1), fib_list(12))
def nested_return():
    def inner():
        return "inner"
    return inner() + "+outer"
print(nested_return())
def ret_in_loop():
    while True:
        for i in range(10):
            if i == 3:
                return i * 100
print(ret_in_loop())
def returns_func():
    return lambda: returns_func
print(returns_func()() is returns_func)
