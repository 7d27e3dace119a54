# binary heap priority queue implemented by hand
class PriorityQueue:
    def __init__(self):
        self.heap = []
        self.counter = 0
    def __len__(self):
        return len(self.heap)
    def push(self, prio, item):
        self.heap.append((prio, self.counter, item))
        self.counter += 1
        i = len(self.heap) - 1
        while i > 0:
            parent = (i - 1) // 2
            if self.heap[i] < self.heap[parent]:
                self.heap[i], self.heap[parent] = self.heap[parent], self.heap[i]
                i = parent
            else:
                break
    def pop(self):
        if not self.heap:
            raise IndexError("pop from empty priority queue")
        top = self.heap[0]
        last = self.heap.pop()
        if self.heap:
            self.heap[0] = last
            i = 0
            n = len(self.heap)
            while True:
                l, r = 2 * i + 1, 2 * i + 2
                small = i
                if l < n and self.heap[l] < self.heap[small]:
                    small = l
                if r < n and self.heap[r] < self.heap[small]:
                    small = r
                if small == i:
                    break
                self.heap[i], self.heap[small] = self.heap[small], self.heap[i]
                i = small
        return top[0], top[2]
pq = PriorityQueue()
for prio, task in [(5, "write"), (1, "plan"), (3, "code"), (1, "coffee"), (4, "test"), (2, "design"), (5, "ship")]:
    pq.push(prio, task)
print(len(pq))
while pq:
    print(pq.pop())
try:
    pq.pop()
except IndexError as e:
    print(type(e).__name__, e)
pq2 = PriorityQueue()
for i in range(50):
    pq2.push((i * 37) % 17, i)
out = [pq2.pop()[0] for _ in range(50)]
print(out == sorted(out), out[:12])
