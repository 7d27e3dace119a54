# del of names, items, slices, attributes
x = 10
del x
try:
    print(x)
except NameError as e:
    print(type(e).__name__, e)
lst = list(range(8))
del lst[0], lst[-1]
print(lst)
del lst[1:3]
print(lst)
del lst[::2]
print(lst)
d = {"a": 1, "b": 2, "c": 3}
del d["b"]
print(d)
class C:
    cls_attr = 1
c = C()
c.v = 5
c.w = 6
del c.v
print(hasattr(c, "v"), c.w, c.__dict__)
try:
    del c.v
except AttributeError as e:
    print(type(e).__name__, e)
del C.cls_attr
print(hasattr(C, "cls_attr"))
a, b = 1, 2
del a, b
try:
    a
except NameError as e:
    print(type(e).__name__, e)
def f():
    y = 1
    del y
    return y
try:
    f()
except UnboundLocalError as e:
    print(type(e).__name__, e)
try:
    del undefined_name
except NameError as e:
    print(type(e).__name__, e)
nested = {"k": [1, 2, {"z": 0}]}
del nested["k"][2]["z"]
del nested["k"][0]
print(nested)
