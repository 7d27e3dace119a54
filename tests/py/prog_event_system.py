# observer pattern / event bus with decorators and bound methods
class EventBus:
    def __init__(self):
        self.handlers = {}
    def on(self, event):
        def register(fn):
            self.handlers.setdefault(event, []).append(fn)
            return fn
        return register
    def emit(self, event, *args, **kwargs):
        results = []
        for h in self.handlers.get(event, []):
            try:
                results.append(h(*args, **kwargs))
            except Exception as e:
                results.append(f"{type(e).__name__}: {e}")
        return results
bus = EventBus()
@bus.on("greet")
def hello(name):
    return f"hello {name}"
@bus.on("greet")
def shout(name):
    return f"HEY {name.upper()}!"
@bus.on("greet")
def fragile(name):
    return 10 / len(name)
class Counter:
    def __init__(self):
        self.count = 0
    def incr(self, *a, by=1, **kw):
        self.count += by
        return self.count
c = Counter()
bus.on("greet")(c.incr)
bus.on("tick")(c.incr)
print(bus.emit("greet", "ann"))
print(bus.emit("greet", ""))
print(bus.emit("tick", by=5), bus.emit("none"), c.count)
print(sorted(bus.handlers), [len(v) for v in bus.handlers.values()])
