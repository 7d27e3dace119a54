# recursion: deep-but-allowed and RecursionError
import sys
def depth(n):
    return 0 if n == 0 else 1 + depth(n - 1)
print(depth(900))
def inf(n):
    return inf(n + 1)
try:
    inf(0)
except RecursionError as e:
    print(type(e).__name__, isinstance(e, RuntimeError))
def ackermann(m, n):
    if m == 0:
        return n + 1
    if n == 0:
        return ackermann(m - 1, 1)
    return ackermann(m - 1, ackermann(m, n - 1))
print(ackermann(2, 3))
def hanoi(n, a, b, c, moves):
    if n:
        hanoi(n - 1, a, c, b, moves)
        moves.append((a, c))
        hanoi(n - 1, b, a, c, moves)
    return moves
print(len(hanoi(10, "A", "B", "C", [])), hanoi(2, "A", "B", "C", []))
def is_even(n):
    return True if n == 0 else is_odd(n - 1)
def is_odd(n):
    return False if n == 0 else is_even(n - 1)
print(is_even(500), is_odd(301))
print(sys.getrecursionlimit() >= 1000)
def again():
    try:
        inf(0)
    except RecursionError:
        return "recovered"
print(again(), depth(500))
