# time module: types and monotonicity only
import time
t1 = time.time()
p1 = time.perf_counter()
m1 = time.monotonic()
s = 0
for i in range(10000):
    s += i
t2 = time.time()
p2 = time.perf_counter()
m2 = time.monotonic()
print(type(t1).__name__, type(p1).__name__, type(m1).__name__)
print(t2 >= t1, p2 >= p1, m2 >= m1, t1 > 1.6e9)
print(p2 - p1 >= 0, isinstance(m2 - m1, float), s)
time.sleep(0)
time.sleep(0.001)
print(time.perf_counter() >= p2)
import time as tm
print(tm.monotonic() >= m2)
from time import perf_counter
print(callable(perf_counter))
try:
    time.sleep(-1)
except ValueError as e:
    print(type(e).__name__, e)
