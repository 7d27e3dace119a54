# an exception thrown into a generator that does not handle it
def worker():
    total = 0
    while True:
        item = yield total
        total += item
w = worker()
next(w)
print(w.send(5), w.send(10))
w.throw(ValueError("cancelled by caller"))
