# heapq.nsmallest / nlargest keep a heap of n items (as CPython does): the comparisons a
# user class sees, their number and the results (ties keep their first-seen order).
import heapq

log = []


class K:
    def __init__(self, v, tag):
        self.v = v
        self.tag = tag

    def __lt__(self, other):
        log.append("lt")
        return self.v < other.v

    def __eq__(self, other):
        log.append("eq")
        return self.v == other.v

    def __repr__(self):
        return f"K{self.v}{self.tag}"


def items(n):
    x = 7
    out = []
    for i in range(n):
        x = (x * 1103515245 + 12345) & 0x7FFFFFFF
        out.append(K(x % 50, chr(97 + i % 26)))
    return out


def show(what, f):
    log.clear()
    r = f()
    print(what, r, len(log), log.count("lt"), log.count("eq"))


data = items(60)
show("small 5", lambda: heapq.nsmallest(5, data))
show("large 5", lambda: heapq.nlargest(5, data))
show("small 5 gen", lambda: heapq.nsmallest(5, iter(data)))
show("large 5 gen", lambda: heapq.nlargest(5, (d for d in data)))
show("small key", lambda: heapq.nsmallest(4, data, key=lambda k: k.v % 7))
show("large key", lambda: heapq.nlargest(4, data, key=lambda k: -k.v))
show("small 1", lambda: heapq.nsmallest(1, data))
show("large 1", lambda: heapq.nlargest(1, iter(data)))
show("small all", lambda: heapq.nsmallest(70, data[:8]))
show("large all", lambda: heapq.nlargest(8, data[:8]))
show("zero", lambda: heapq.nsmallest(0, data))
show("negative", lambda: heapq.nlargest(-3, iter(data)))
show("empty gen", lambda: heapq.nsmallest(3, iter([])))
show("empty 1", lambda: heapq.nlargest(1, []))
print(heapq.nsmallest(3, [5, 1, 4, 1, 5, 9, 2, 6]), heapq.nlargest(3, "hello world"))
print(heapq.nsmallest(2, {3: "a", 1: "b", 2: "c"}), heapq.nlargest(2, range(10), key=lambda x: x % 4))

h = [3, 1, 4, 1, 5, 9, 2, 6]
heapq._heapify_max(h)
print(h, heapq._heapreplace_max(h, 0), h)
try:
    heapq._heapreplace_max([], 1)
except IndexError as e:
    print("IndexError", e)


class Bad:
    def __lt__(self, other):
        raise ValueError("no order")


try:
    heapq.nsmallest(2, [Bad(), Bad(), Bad()])
except ValueError as e:
    print("ValueError", e)
try:
    heapq.nlargest(2, iter([1, "a", 2]))
except TypeError as e:
    print("TypeError", e)
