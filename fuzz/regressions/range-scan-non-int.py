# Ranges searched for values that are not ints compare each member (the fuzzer's programs
# used range(10**20), which scans until the budget or a request stops it).
r = range(10**20, 10**20 + 3000)
print('' in r, r.count(''), r in r, 10**20 + 4.0 in r, r.count(10**20 + 7.0))
try:
    r.index('x')
except ValueError as e:
    print(e)
s = range(2**31, 2**31 + 3000)
print('a' in s, s.count(()), s.index(2.0**31 + 9))
