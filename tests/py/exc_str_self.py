# str() of an exception whose only argument is itself (or a chain of exceptions nested
# deeper than the recursion limit) raises RecursionError instead of recursing without end.
e = ValueError()
e.args = (e,)
try:
    str(e)
except RecursionError:
    print("RecursionError")

inner = KeyError("k")
outer = ValueError(inner)
print(str(outer))

deep = Exception("bottom")
for i in range(5000):
    deep = Exception(deep)
try:
    s = str(deep)
    print(s)
except RecursionError:
    print("RecursionError")

# repr() likewise.
e = ValueError()
e.args = (e,)
try:
    repr(e)
except RecursionError:
    print("RecursionError")
deep = KeyError("bottom")
for i in range(5000):
    deep = KeyError(deep)
try:
    print(repr(deep))
except RecursionError:
    print("RecursionError")
print(repr(ValueError(KeyError("k"))))
