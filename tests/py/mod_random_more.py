# more seeded random sequences: randrange with steps, choice on various sequences, shuffle repeatability
import random
for seed in (0, 1, 123, 2 ** 40):
    random.seed(seed)
    print(seed, [random.randrange(100) for _ in range(5)], random.randrange(-50, 50, 5), random.choice("xyz"), random.choice(range(1000)), round(random.random(), 12))
random.seed(42)
a = list(range(20))
random.shuffle(a)
random.seed(42)
b = list(range(20))
random.shuffle(b)
print(a, a == b, sorted(a) == list(range(20)))
random.seed(3)
bits = [random.getrandbits(k) for k in (1, 2, 7, 8, 31, 32, 33, 63, 64, 65, 128)]
print(bits)
random.seed(8)
walk = [0]
for _ in range(30):
    walk.append(walk[-1] + random.choice((-1, 1)))
print(walk, min(walk), max(walk))
random.seed(10)
print(random.randint(-10, -5), random.randint(0, 0), random.randrange(1, 2), random.randint(0, 2 ** 70))
