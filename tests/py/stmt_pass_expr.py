# expression statements, pass, annotations ignored
def noop():
    pass
class Empty:
    pass
print(noop(), Empty.__name__)
x: int = 5
y: "anything goes" = "s"
z: list
def ann(a: int, b: str = "d", *args: float, c: bool = True, **kw: dict) -> None:
    return a, b, args, c, kw
print(x, y, ann(1), ann(1, "x", 2.0, c=False, k=1))
try:
    z
except NameError as e:
    print(type(e).__name__, e)
class WithAnn:
    count: int = 0
    name: str
print(WithAnn.count, hasattr(WithAnn, "name"))
1 + 2
"docstring-like"
[i for i in range(3)]
noop
...
print(Ellipsis, ... is Ellipsis)
if True:
    pass
for _ in range(2):
    pass
while False:
    pass
print("done")
