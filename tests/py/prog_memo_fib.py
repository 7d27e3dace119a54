# memoized fibonacci with a dict, and other memoization
memo = {0: 0, 1: 1}
def fib(n):
    if n not in memo:
        memo[n] = fib(n - 1) + fib(n - 2)
    return memo[n]
print([fib(i) for i in range(20)])
print(fib(300))
print(len(memo))
def memoize(f):
    cache = {}
    def wrapped(*args):
        if args in cache:
            wrapped.hits += 1
        else:
            cache[args] = f(*args)
        return cache[args]
    wrapped.hits = 0
    return wrapped
@memoize
def paths(r, c):
    if r == 0 or c == 0:
        return 1
    return paths(r - 1, c) + paths(r, c - 1)
print(paths(16, 16), paths.hits)
@memoize
def partitions(n, k):
    if n == 0:
        return 1
    if n < 0 or k == 0:
        return 0
    return partitions(n - k, k) + partitions(n, k - 1)
print([partitions(n, n) for n in range(15)], partitions(100, 100))
