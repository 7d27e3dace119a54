# seeded random bank-queue simulation
import random
random.seed(2024)
tellers = 2
queue = []
busy = [0] * tellers
served, waits, max_q = 0, [], 0
for minute in range(60):
    for _ in range(random.randint(0, 3)):
        queue.append((minute, random.randint(1, 4)))
    for t in range(tellers):
        if busy[t] > 0:
            busy[t] -= 1
        if busy[t] == 0 and queue:
            arrived, duration = queue.pop(0)
            waits.append(minute - arrived)
            busy[t] = duration
            served += 1
    max_q = max(max_q, len(queue))
    if minute % 15 == 14:
        print(f"t={minute:2d} queue={len(queue):2d} served={served}")
print("served", served, "left", len(queue), "max queue", max_q)
print("avg wait %.3f" % (sum(waits) / len(waits)), "max wait", max(waits), "zero waits", waits.count(0))
