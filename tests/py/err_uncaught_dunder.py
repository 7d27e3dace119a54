# uncaught exception raised from inside dunder methods
class Money:
    def __init__(self, cents, cur):
        self.cents = cents
        self.cur = cur
    def __add__(self, other):
        if self.cur != other.cur:
            raise ValueError(f"currency mismatch: {self.cur} vs {other.cur}")
        return Money(self.cents + other.cents, self.cur)
    def __repr__(self):
        return f"Money({self.cents}, {self.cur!r})"
def total(items):
    result = items[0]
    for m in items[1:]:
        result = result + m
    return result
print(total([Money(100, "EUR"), Money(250, "EUR")]))
print(total([Money(100, "EUR"), Money(5, "USD")]))
