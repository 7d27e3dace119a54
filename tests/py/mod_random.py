# random with fixed seeds: sequences must match CPython
import random
random.seed(42)
print([random.random() for _ in range(5)])
print([random.randint(1, 100) for _ in range(10)])
print([random.randrange(10) for _ in range(10)], [random.randrange(5, 50, 5) for _ in range(5)])
print([random.choice("abcdefg") for _ in range(8)])
lst = list(range(10))
random.shuffle(lst)
print(lst)
print([random.getrandbits(8) for _ in range(6)], random.getrandbits(64), random.getrandbits(100))
random.seed(12345)
a = [random.random() for _ in range(3)]
random.seed(12345)
b = [random.random() for _ in range(3)]
print(a == b, a)
random.seed(0)
print(random.randint(0, 10 ** 20), random.randrange(-100, 100), random.choice([10, 20, 30]), random.uniform(1, 2))
words = ["alpha", "beta", "gamma", "delta", "eps"]
random.seed(7)
random.shuffle(words)
print(words, random.random())
random.seed(2 ** 80 + 1)
print(random.randint(1, 6), random.random())
for bad in (lambda: random.choice([]), lambda: random.randrange(0), lambda: random.randint(5, 1), lambda: random.randrange(1, 2, 0)):
    try:
        bad()
    except (IndexError, ValueError) as e:
        print(type(e).__name__, e)
random.seed(-5)
print(random.random(), random.randint(1, 10))
