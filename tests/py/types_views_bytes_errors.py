# dict views: isdisjoint, values-view equality; bytes()/bytearray errors of CPython 3.11
def t(f):
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__, e)
d = {'a': 1, 'b': 2}
t(lambda: d.keys().isdisjoint({'x'}))
t(lambda: d.keys().isdisjoint(['a', 'z']))
t(lambda: d.items().isdisjoint([('a', 1)]))
t(lambda: d.items().isdisjoint([('a', 2)]))
t(lambda: d.keys().isdisjoint(5))
t(lambda: d.values() == d.values())
t(lambda: d.values() != d.values())
v = d.values()
t(lambda: v == v)
t(lambda: d.values() == [1, 2])
t(lambda: d.keys() == {'a', 'b'})
t(lambda: d.items() == {('a', 1), ('b', 2)})
t(lambda: bytes(1.5))
t(lambda: bytes(None))
t(lambda: bytearray(1.5))
t(lambda: bytes([1, 'a']))
t(lambda: bytes(iter([65, 66])))
ba = bytearray(b'abc')
def m(code):
    try:
        exec(code)
        print(code, ba)
    except Exception as e:
        print(code, type(e).__name__, e, ba)
for code in ['ba[1:2] = 5', 'ba[1:2] = "ab"', 'ba[1:2] = ["a"]', 'ba[1:2] = [300]', 'ba[1:2] = (x for x in [65, 66])',
             'ba.extend("ab")', 'ba.extend(5)', 'ba.extend([1, "a"])', 'ba.extend(range(3))']:
    m(code)
