# iter/next protocols, next with default, exhausted iterators, iter with sentinel
it = iter([1, 2, 3])
print(next(it), next(it), next(it), next(it, None), next(it, "default"))
try:
    next(it)
except StopIteration as e:
    print(type(e).__name__, repr(e))
s = iter("ab")
print(list(s), list(s))
d = iter({"x": 1, "y": 2})
print(next(d), list(d))
ri = iter(range(3))
print(iter(ri) is ri, list(ri))
counter = [0]
def tick():
    counter[0] += 1
    return counter[0]
print(list(iter(tick, 5)))
data = [3, 1, 4, 0, 5, 9]
pos = iter(data)
print(list(iter(lambda: next(pos), 0)), list(pos))
try:
    iter(5, 1)
except TypeError as e:
    print(type(e).__name__, e)
z = zip([1, 2], "ab")
print(next(z), list(z), list(z))
m = map(str, [1, 2])
print(next(m), next(m), next(m, "stop"))
e = enumerate("xy")
print(next(e), next(e), next(e, None))
r = reversed([1, 2, 3])
print(next(r), list(r))
lst = [1, 2, 3]
it = iter(lst)
next(it)
lst.append(4)
print(list(it))
def consume(it):
    return [x for x in it]
gen = (i for i in range(3))
print(consume(gen), consume(gen))
it2 = iter([10, 20, 30])
for x in it2:
    if x == 10:
        print("skipping", next(it2))
    else:
        print("got", x)
