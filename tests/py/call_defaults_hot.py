# Calls that leave trailing parameters to their defaults, run hot: plain functions,
# methods, closures, lambdas binding a loop variable, generators, recursion, defaults
# replaced while the loop runs, a shared mutable default, and calls that still miss an
# argument.


def f(a, b=10, c=20):
    return a + b + c


def g(a, b=2):
    return a * b


class P:
    def __init__(self, base=5):
        self.base = base

    def m(self, k=3, j=4):
        return self.base + k * j


def gen(n, step=1):
    i = 0
    while i < n:
        yield i
        i += step


def deep(n, acc=0):
    if n == 0:
        return acc
    return deep(n - 1, acc + n)


def make(k):
    def inner(x, y=k):
        return x - y
    return inner


t = 0
p = P()
adders = [lambda x, k=k: x + k for k in range(4)]
inner = make(7)
for i in range(3000):
    t += f(i) + f(i, 1) + f(i, 1, 2) + g(i) + p.m() + p.m(1) + P().m()
    t += sum(gen(5)) + sum(gen(9, 3)) + deep(20) + inner(i) + adders[i % 4](i)
print(t)

# Defaults replaced under a hot call site.
total = 0
for i in range(2000):
    if i == 1000:
        f.__defaults__ = (100, 200)
    total += f(i)
print(total, f(1), f(1, 2))


def h(a, b=[]):
    b.append(a)
    return len(b)


for i in range(100):
    h(i)
print(h(0))

for i in range(300):
    try:
        g()
    except TypeError as e:
        msg = str(e)
print(msg)
f.__defaults__ = None
try:
    f(1)
except TypeError as e:
    print(e)

try:
    deep(100000)
except RecursionError:
    print("recursion")
print(deep(10))
