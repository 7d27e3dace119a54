# Set displays of constants and loops over them iterate in CPython's order (its frozenset constants).
print({3, 1, 2}, {100, 5, 64}, {33, 1, 65}, {33, 1, 65, 97}, {8, 0, 16, 24, 4})
print({-1, -2, -3, 5, 13, 21}, {1.5, 2.5, -0.25}, {(1, 2), (2, 1), (0, 0), ()})
print({9, 1}, {1, 9}, {17, 1, 9, 25, 33, 41, 49, 57, 65, 73, 81})
print(frozenset({40, 3, 99, 8}), set({40, 3, 99, 8}))
print([x for x in {8, 0, 16, 24, 4}], [x for x in {9, 1}], {x for x in {33, 1, 65}})
for x in {40, 3, 99, 8}:
    print(x, end=" ")
for x in {17, 1}:
    print(x, end=" ")
print()
a = {40, 3, 99, 8}
b = {1, 2, 3, 40, 50}
print(a | b, b | a, a & b, b & a, a - b, b - a, a ^ b, b ^ a)
n = 7
print({n, 1, 15}, {1, 2, n, 4, 5, 33})
def f():
    return {64, 32, 0, 16, 48}
print(f(), list(f()))
print(sorted({5, 1, 3}), len({1, 1, 1, 2}))
