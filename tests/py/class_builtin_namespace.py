# The builtin types' namespaces: lookups, listings, subclasses and super() see the same
# entries, whether a namespace was listed before or not.
print(hasattr(list, 'append'), hasattr(list, 'nope'), hasattr(str, 'maketrans'))
print(str.upper is str.upper, list.append == list.append, int.__add__ is int.__add__)
print(list.__hash__ is None, dict.__hash__ is None, tuple.__hash__ is None)
print(dict.fromkeys('ab'), bytes.fromhex('4142'))
print(int.__dict__['bit_length'] is int.bit_length)
print('append' in dir(list), 'join' in dir(str), '__add__' in dir(int), 'nope' in dir(list))
print('append' in list.__dict__, 'keys' in dict.__dict__, 'append' in dict.__dict__)
print(sorted(k for k in vars(bool) if not k.startswith('_')))
print(str.upper is str.upper, str.__dict__['upper'] is str.upper)


class L(list):
    def append(self, x):
        super().append(x * 2)


l = L()
l.append(3)
l.extend([1])
print(l, 'append' in dir(L), 'extend' in dir(L), isinstance(l, list))


class D(dict):
    pass


print(D.fromkeys([1, 2], 0))
print(D.__hash__ is None, hasattr(D, 'setdefault'), D.get is dict.get)


class E(ValueError):
    def __str__(self):
        return 'E:' + super().__str__()


try:
    raise E('x')
except ValueError as e:
    print(e, e.args, isinstance(e, Exception))

for t in (object, int, float, str, bytes, list, tuple, dict, set, frozenset, range):
    names = dir(t)
    print(t.__name__, len(names) > 0, all(hasattr(t, n) for n in names))

try:
    list.foo = 1
except TypeError as e:
    print(e)
try:
    del str.upper
except TypeError as e:
    print(e)
print(object.__new__(object).__class__.__name__, type.__call__(int, '7'))
