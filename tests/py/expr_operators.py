# operator precedence, identity, membership, chained comparisons
print(2 + 3 * 4 ** 2 // 5 % 7 - 1, (2 + 3) * 4, 2 ** -1 * 4, -2 ** 2, not 1 + 1 == 2)
print(1 | 2 ^ 3 & 4, (1 | 2) ^ (3 & 4), 1 << 2 + 1, 8 >> 1 - 1, ~0 & 0xF, -1 >> 1)
print(3 < 4 == 4 > 2, 1 < 2 < 3 < 4 < 5, 5 > 4 > 6, 1 == 1 != 2, "a" < "b" <= "b")
a = [1]
b = a
c = [1]
print(a is b, a is c, a is not c, a == c, None is None, 1 in a, 2 not in a)
print("x" in "xyz", "x" in ["xyz"], (1, 2) in {(1, 2): 0}, 3 in range(5), "k" in {"k": 1}, 1 in {1: "v"}.values())
print(1 if 0 else 2 if 0 else 3, [1, 2][True], "abc"[False], 10 - 2 - 3, 2 ** 2 ** 3, 100 / 10 / 5)
x = 7
print(0 < x < 10 and x % 2 == 1, not x == 7, not (x > 3 and x < 5))
print(-x, +x, --x, -(-x), ~x, ~~x, abs(-x))
print([1, 2] * 2 + [3], "ab" * 2 + "c", (1,) * 2 + (2,))
print(7 // 2 * 2 + 7 % 2, divmod(7, 2), 2 * 3 % 4, 2 * (3 % 4))
n = 0
n += 1 if True else 100
print(n)
