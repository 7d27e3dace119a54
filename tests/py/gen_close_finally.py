# generator finally blocks run on close, exhaustion, and garbage-free explicit close
def managed(name):
    print("open", name)
    try:
        for i in range(3):
            yield f"{name}{i}"
    finally:
        print("close", name)
g = managed("a")
print(next(g))
g.close()
print(list(managed("b")))
for v in managed("c"):
    if v == "c1":
        break
print("after break")
def with_return():
    try:
        yield 1
        return "done"
    finally:
        print("finally before StopIteration")
w = with_return()
next(w)
try:
    next(w)
except StopIteration as e:
    print("value", e.value)
def swallow_close():
    try:
        yield 1
    except GeneratorExit:
        print("got GeneratorExit")
        return
s = swallow_close()
next(s)
print(s.close())
def gen_state():
    yield 1
gs = gen_state()
print(next(gs), next(gs, "exhausted"), gs.close())
