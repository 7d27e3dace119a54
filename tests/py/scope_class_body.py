# class body scope: names are not visible inside methods; class attribute lookup
x = "global"
class C:
    x = "class"
    y = x + "!"
    def method(self):
        return x
    def method2(self):
        return self.x, C.x, type(self).y
    lst = [x for _ in range(2)]
print(C.y, C().method(), C().method2(), C.lst)
def outer():
    z = "enclosing"
    class D:
        z = "class-z"
        def get(self):
            return z
        w = z
    return D().get(), D.w
print(outer())
class Counter:
    total = 0
    def add(self):
        self.total += 1
        return self.total
c1, c2 = Counter(), Counter()
c1.add(); c1.add(); c2.add()
print(Counter.total, c1.total, c2.total, "total" in c1.__dict__)
class Shared:
    items = []
    def add(self, v):
        self.items.append(v)
s1, s2 = Shared(), Shared()
s1.add(1); s2.add(2)
print(Shared.items, s1.items is s2.items)
class Inner:
    class Nested:
        value = 42
    def make(self):
        return self.Nested()
print(Inner.Nested.value, Inner().make().value, Inner.Nested.__qualname__)
