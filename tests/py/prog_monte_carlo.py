# seeded Monte Carlo estimates and dice statistics
import random
random.seed(1)
inside = 0
N = 20000
for _ in range(N):
    x, y = random.random(), random.random()
    if x * x + y * y <= 1.0:
        inside += 1
print("pi ~", 4 * inside / N, inside)
random.seed(99)
counts = {}
for _ in range(6000):
    s = random.randint(1, 6) + random.randint(1, 6)
    counts[s] = counts.get(s, 0) + 1
for s in sorted(counts):
    print(f"{s:2d} {counts[s]:4d} {'#' * (counts[s] // 40)}")
random.seed(5)
deck = [r + s for s in "SHDC" for r in "23456789TJQKA"]
random.shuffle(deck)
hands = [deck[i * 5:(i + 1) * 5] for i in range(4)]
for h in hands:
    print(" ".join(h))
print(random.getrandbits(32), random.randrange(0, 1000, 7), random.choice(deck))
