# divmod of ints too large for a float (it took them for non-numbers: TypeError)
print(divmod(10**20, 7), divmod(-10**20, 7), divmod(10**20, -7), divmod(7, 10**20), divmod(10**20, 10**19 + 3), divmod(10**20, 2.5), divmod(2.5, 10**20))
try:
    divmod(10**20, 0)
except ZeroDivisionError as e:
    print(e)
q, r = divmod(10**400, 7)
print(q % 1000, r, divmod(-(10**400), 10**399 + 1)[1] % 1000)
try:
    divmod(10**400, 2.0)
except OverflowError as e:
    print('OverflowError', e)
try:
    divmod(10**400, 'a')
except TypeError as e:
    print(e)
