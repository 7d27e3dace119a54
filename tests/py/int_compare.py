# integer comparisons and mixed int/float
print(1 < 2, 2 < 1, 1 <= 1, 1 == 1.0, 1 != 1.0, 2 > 1.5, 3 >= 3)
print(1 < 2 < 3, 1 < 3 < 2, 3 > 2 > 1 > 0, 1 == 1 == 1.0, 1 < 2 > 0)
print(2 ** 100 > 2 ** 99, -(2 ** 100) < -(2 ** 99), 2 ** 53 + 1 == float(2 ** 53 + 1))
print(10 ** 20 == 1e20, 10 ** 400 > 1e308, -(10 ** 400) < -1e308)
print(True == 1, False == 0, True + True == 2, True is True)
print(max(3, 7, -2), min(3, 7, -2), sorted([5, -2, 10 ** 20, 0, -10 ** 20]))
def cmp_calls():
    calls = []
    def f(x):
        calls.append(x)
        return x
    r = f(1) < f(5) < f(3) < f(10)
    print(r, calls)
cmp_calls()
try:
    1 < "2"
except TypeError as e:
    print(type(e).__name__, e)
try:
    None > 0
except TypeError as e:
    print(type(e).__name__, e)
print(1 == "1", None == 0, [] == 0)
