# LEGB lookup with nested functions and builtins shadowing
def level1():
    a = 1
    def level2():
        b = 2
        def level3():
            c = 3
            return a + b + c
        return level3()
    return level2()
print(level1())
len = lambda x: "shadowed"
print(len([1, 2]))
del len
print(len([1, 2]))
def uses_builtin():
    return max([1, 5, 3])
def shadow_builtin():
    max = lambda *a: "local max"
    return max(1)
print(uses_builtin(), shadow_builtin(), max(1, 2))
def make():
    items = []
    def add(x):
        items.append(x)
        return items
    return add
add = make()
add(1)
print(add(2))
def counter():
    count = 0
    def inc():
        nonlocal count
        count += 1
        return count
    def dec():
        nonlocal count
        count -= 1
        return count
    return inc, dec
inc, dec = counter()
print(inc(), inc(), dec(), inc())
def param_shadow(x):
    def inner(x):
        return x * 2
    return inner(x + 1), x
print(param_shadow(5))
