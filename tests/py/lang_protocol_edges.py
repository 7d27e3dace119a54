# Protocol corner cases: __iter__/__contains__ set to None, __len__ results out of range,
# yield from a user iterator's StopIteration value, __exit__'s traceback argument,
# assigning __dict__.
class NoIter:
    __iter__ = None
    def __getitem__(self, i):
        return i
try:
    iter(NoIter())
except TypeError as e:
    print(e)
try:
    for x in NoIter():
        pass
except TypeError as e:
    print(e)
class NoContains:
    __contains__ = None
    def __iter__(self):
        return iter([1])
try:
    1 in NoContains()
except TypeError as e:
    print(e)
class HugeLen:
    def __init__(self, n):
        self.n = n
    def __len__(self):
        return self.n
for n in [2 ** 70, -2 ** 70, -1, 5]:
    try:
        print(len(HugeLen(n)))
    except (OverflowError, ValueError) as e:
        print(type(e).__name__, e)
try:
    bool(HugeLen(2 ** 70))
except OverflowError as e:
    print(type(e).__name__, e)
class StopWithValue:
    def __init__(self):
        self.i = 0
    def __iter__(self):
        return self
    def __next__(self):
        self.i += 1
        if self.i > 2:
            raise StopIteration(42)
        return self.i
def delegate():
    r = yield from StopWithValue()
    print('yield from returned', r)
print(list(delegate()))
class CM:
    def __enter__(self):
        return self
    def __exit__(self, et, ev, tb):
        print(et.__name__ if et else None, tb is not None, type(tb).__name__)
        if tb is not None:
            print(tb.tb_lineno, tb.tb_frame.f_code.co_name, tb is ev.__traceback__)
        return True
def body():
    with CM():
        raise KeyError('x')
body()
with CM():
    pass
class Obj:
    pass
o = Obj()
o.a = 1
o.__dict__ = {'y': 2}
print(o.y, vars(o), hasattr(o, 'a'))
o.z = 3
print(sorted(o.__dict__.items()))
d = {'shared': 1}
o.__dict__ = d
d['later'] = 5
print(o.shared, o.later)
try:
    o.__dict__ = 5
except TypeError as e:
    print(e)
