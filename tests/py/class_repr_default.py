# default object repr/str patterns checked without printing addresses
class A:
    pass
a = A()
r = repr(a)
print(r.startswith("<__main__.A object at 0x"), r.endswith(">"), str(a) == r, f"{a}" == r)
class B:
    def __repr__(self):
        return "B()"
print(str(B()), repr(B()), [B()], format(B()))
class C:
    def __str__(self):
        return "C-str"
c = C()
print(str(c), repr(c).startswith("<__main__.C object"), [c][0] is c)
print(repr(A).startswith("<class '__main__.A'"), str(A) == repr(A), repr(int), repr(len).startswith("<built-in function len"))
def f():
    pass
print(repr(f).startswith("<function f at 0x"), repr(lambda: 0).startswith("<function <lambda> at"))
print(repr(a.__class__), type(a).__qualname__)
