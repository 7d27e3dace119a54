# fixed-size ring buffer with sequence protocol
class RingBuffer:
    def __init__(self, capacity):
        self.buf = [None] * capacity
        self.start = 0
        self.size = 0
    def push(self, x):
        cap = len(self.buf)
        if self.size < cap:
            self.buf[(self.start + self.size) % cap] = x
            self.size += 1
            return None
        dropped = self.buf[self.start]
        self.buf[self.start] = x
        self.start = (self.start + 1) % cap
        return dropped
    def pop(self):
        if not self.size:
            raise IndexError("pop from empty ring buffer")
        x = self.buf[self.start]
        self.buf[self.start] = None
        self.start = (self.start + 1) % len(self.buf)
        self.size -= 1
        return x
    def __len__(self):
        return self.size
    def __getitem__(self, i):
        if i < 0:
            i += self.size
        if not 0 <= i < self.size:
            raise IndexError("ring buffer index out of range")
        return self.buf[(self.start + i) % len(self.buf)]
    def __iter__(self):
        for i in range(self.size):
            yield self[i]
    def __repr__(self):
        return f"RingBuffer({list(self)}, cap={len(self.buf)})"
rb = RingBuffer(3)
print([rb.push(x) for x in range(1, 6)], rb, len(rb), rb[0], rb[-1])
print(rb.pop(), rb, list(reversed(list(rb))), 4 in rb, 9 in rb)
rb.push(6); rb.push(7)
print(rb, rb.buf, sum(rb), max(rb))
while rb:
    print("popped", rb.pop())
for bad in (rb.pop, lambda: rb[0]):
    try:
        bad()
    except IndexError as e:
        print(type(e).__name__, e)
