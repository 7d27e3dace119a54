# uncaught ValueError raised inside a generator being consumed
def parse(lines):
    for line in lines:
        yield int(line)
def total(lines):
    s = 0
    for v in parse(lines):
        s += v
        print("running total", s)
    return s
print(total(["1", "2", "x3", "4"]))
