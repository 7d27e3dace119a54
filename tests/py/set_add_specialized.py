# set.add in a hot loop (CALL_SET_ADD) with ints, tuples, user __hash__/__eq__ items,
# a set subclass, an unhashable item and a bound add.
class H:
    def __init__(self, v): self.v = v
    def __hash__(self): return 1
    def __eq__(self, o): return isinstance(o, H) and o.v == self.v or o == 1
class S(set): pass
def f():
    s = set(); t = S(); out = []
    for i in range(60):
        s.add(i % 7); t.add(i % 5)
        s.add((i % 3, "a"))
        if i % 10 == 0:
            s.add(H(i % 20))
    out.append(sorted(x for x in s if isinstance(x, int)))
    out.append(len(s)); out.append(sorted(t))
    try:
        s.add([1])
    except TypeError as e: out.append(str(e))
    fs = frozenset([1])
    try:
        fs.add(2)
    except AttributeError as e: out.append(str(e))
    add = s.add
    for i in range(40): add(i)
    out.append(len(s))
    return out
print(f())
