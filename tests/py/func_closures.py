# closures capturing variables
def make_multiplier(k):
    def mul(x):
        return x * k
    return mul
double, triple = make_multiplier(2), make_multiplier(3)
print(double(5), triple(5), double.__name__)
def accumulator():
    total = []
    def add(x):
        total.append(x)
        return sum(total)
    return add
acc = accumulator()
print(acc(1), acc(2), acc(10))
def counter_gen():
    count = 0
    def step():
        nonlocal count
        count += 1
        return count
    def reset():
        nonlocal count
        count = 0
    return step, reset
step, reset = counter_gen()
step(); step(); step()
print(step())
reset()
print(step())
def memo(f):
    cache = {}
    def wrapper(n):
        if n not in cache:
            cache[n] = f(n)
        return cache[n]
    wrapper.cache = cache
    return wrapper
@memo
def slow_sq(n):
    print("computing", n)
    return n * n
print(slow_sq(4), slow_sq(4), slow_sq(5), sorted(slow_sq.cache))
def outer():
    v = 1
    def a():
        return v
    v = 2
    return a
print(outer()())
def late():
    def g():
        return w
    try:
        g()
    except NameError as e:
        print(type(e).__name__, e)
    w = 5
    return g()
print(late())
