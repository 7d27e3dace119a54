# LRU cache built on dict insertion order
class LRUCache:
    def __init__(self, capacity):
        if capacity <= 0:
            raise ValueError("capacity must be positive")
        self.capacity = capacity
        self.data = {}
        self.hits = self.misses = 0
    def get(self, key, default=None):
        if key in self.data:
            value = self.data.pop(key)
            self.data[key] = value
            self.hits += 1
            return value
        self.misses += 1
        return default
    def put(self, key, value):
        if key in self.data:
            del self.data[key]
        elif len(self.data) >= self.capacity:
            oldest = next(iter(self.data))
            print("  evict", oldest)
            del self.data[oldest]
        self.data[key] = value
    def __repr__(self):
        return f"LRU({list(self.data.items())})"
c = LRUCache(3)
for k in "abc":
    c.put(k, k.upper())
print(c)
print(c.get("a"), c.get("z"), c)
c.put("d", "D")
print(c)
c.put("c", "C2")
c.put("e", "E")
print(c, c.hits, c.misses)
try:
    LRUCache(0)
except ValueError as e:
    print(type(e).__name__, e)
def cached(cap):
    def deco(fn):
        cache = LRUCache(cap)
        def wrapper(n):
            sentinel = object()
            v = cache.get(n, sentinel)
            if v is sentinel:
                v = fn(n)
                cache.put(n, v)
            return v
        wrapper.cache = cache
        return wrapper
    return deco
@cached(2)
def slow_square(n):
    print("  computing", n)
    return n * n
print([slow_square(x) for x in [1, 2, 1, 3, 2, 1]])
print(slow_square.cache.hits, slow_square.cache.misses)
