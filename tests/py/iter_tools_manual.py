# itertools-like helpers implemented as generators
def chain(*its):
    for it in its:
        yield from it
def islice(it, start, stop, step=1):
    it = iter(it)
    for i, x in enumerate(it):
        if i >= stop:
            return
        if i >= start and (i - start) % step == 0:
            yield x
def cycle(it):
    saved = []
    for x in it:
        saved.append(x)
        yield x
    while saved:
        yield from saved
def count(start=0, step=1):
    while True:
        yield start
        start += step
def groupby(it, key=lambda x: x):
    it = iter(it)
    sentinel = object()
    cur = next(it, sentinel)
    while cur is not sentinel:
        k = key(cur)
        group = [cur]
        cur = next(it, sentinel)
        while cur is not sentinel and key(cur) == k:
            group.append(cur)
            cur = next(it, sentinel)
        yield k, group
def accumulate(it, fn=lambda a, b: a + b):
    it = iter(it)
    try:
        acc = next(it)
    except StopIteration:
        return
    yield acc
    for x in it:
        acc = fn(acc, x)
        yield acc
def product(*seqs):
    if not seqs:
        yield ()
        return
    for x in seqs[0]:
        for rest in product(*seqs[1:]):
            yield (x,) + rest
print(list(chain("ab", [1, 2], range(2))), list(islice(count(10, 5), 2, 8, 2)), list(islice(cycle("xyz"), 0, 8)))
print(list(groupby("aaabccaa")), list(groupby([1, 3, 2, 4, 5], key=lambda v: v % 2)))
print(list(accumulate([1, 2, 3, 4])), list(accumulate([3, 1, 4, 1, 5], max)), list(accumulate([])))
print(list(product("ab", [0, 1])), len(list(product(range(3), range(3), range(3)))), list(product()))
print(list(zip(count(), "abc")), next(islice(count(), 5, 6)))
