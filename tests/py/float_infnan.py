# inf and nan operations
inf = float('inf')
nan = float('nan')
print(inf + 1, inf * 2, -inf, inf - inf, inf * 0, inf / inf, 1 / inf, -1 / inf)
print(nan + 1, nan * 0, nan == nan, nan != nan, nan < 1, nan > 1, inf > 1e308, -inf < -1e308)
print(inf == inf, inf == -inf, max(1, inf), min(-inf, 0))
x = nan
print(x is x, x == x, [x] == [x], x in [x])
print(1e308 * 10, -1e308 * 10, 1e-320 / 1e10)
try:
    10.0 ** 400
except OverflowError as e:
    print(type(e).__name__)
try:
    2 ** 10000 * 1.0
except OverflowError as e:
    print(type(e).__name__, e)
try:
    float(10 ** 400)
except OverflowError as e:
    print(type(e).__name__, e)
print(str(inf), repr(-inf), str(nan), repr(nan), f"{inf:.2f}", f"{nan:f}", '%f' % inf, '%e' % -inf)
print(inf.is_integer(), (3.0).is_integer(), (3.5).is_integer())
print(round(2.5), round(3.5), round(-2.5), round(0.5), round(1.5))
print(int(1e18), float('inf') == 10 ** 1000, 10 ** 1000 < inf)
try:
    round(inf)
except OverflowError as e:
    print(type(e).__name__, e)
try:
    round(nan)
except ValueError as e:
    print(type(e).__name__, e)
