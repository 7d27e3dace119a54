# generators as coroutines: running averages, grep filter, send protocol
def grep(pattern, target):
    while True:
        line = yield
        if pattern in line:
            target.send(line)
def collector(out):
    while True:
        item = yield
        out.append(item.upper())
found = []
sink = collector(found)
next(sink)
g = grep("py", sink)
next(g)
for line in ["python rocks", "rust too", "pypy", "c"]:
    g.send(line)
print(found)
def accumulate():
    total = 0
    while True:
        v = yield total
        if v is None:
            return total
        total += v
acc = accumulate()
print(next(acc), acc.send(5), acc.send(10))
try:
    acc.send(None)
except StopIteration as e:
    print("final total", e.value)
def tagged():
    received = []
    while len(received) < 3:
        received.append((yield len(received)))
    return received
t = tagged()
print(next(t), t.send("a"), t.send("b"))
try:
    t.send("c")
except StopIteration as e:
    print(e.value)
