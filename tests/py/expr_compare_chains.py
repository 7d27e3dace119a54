# chained comparisons evaluate each operand once and short-circuit
def v(x, tag):
    print(f"  eval {tag}")
    return x
print(v(1, "a") < v(2, "b") < v(3, "c"))
print(v(3, "a") < v(2, "b") < v(1, "c"))
print(v(1, "a") == v(1, "b") != v(2, "c") < v(3, "d"))
x = 5
print(1 < x < 10, 1 < x > 4, x == 5 == 5.0, 0 <= x <= 4, x in [5] in [[5]], x is not None is not False)
a = [1, 2]
print(a == a[:] is not a, [] is not [] == [])
print(1 < 2 > 1 < 2 > 1, "a" < "b" < "c" < "ca", (1, 2) < (1, 3) <= (1, 3))
try:
    print(1 < 2 < "3")
except TypeError as e:
    print(type(e).__name__, e)
print(1 > 2 < "3")
