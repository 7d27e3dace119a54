# sorting user objects: __lt__ only, key functions, stability, reverse stability
class Task:
    def __init__(self, name, prio, order):
        self.name, self.prio, self.order = name, prio, order
    def __lt__(self, other):
        return self.prio < other.prio
    def __repr__(self):
        return f"{self.name}{self.prio}"
tasks = [Task(n, p, i) for i, (n, p) in enumerate([("a", 3), ("b", 1), ("c", 3), ("d", 2), ("e", 1), ("f", 2)])]
print(sorted(tasks))
print(sorted(tasks, reverse=True))
print(sorted(tasks, key=lambda t: t.name, reverse=True))
print(sorted(tasks, key=lambda t: (-t.prio, t.name)))
print(min(tasks), max(tasks), [t.order for t in sorted(tasks)])
tasks.sort(key=lambda t: t.prio)
print(tasks)
class NoOrder:
    pass
try:
    sorted([NoOrder(), NoOrder()])
except TypeError as e:
    print(type(e).__name__, e)
print(sorted([NoOrder()]) != [], sorted([], key=len), sorted("bca", key=None))
