# Recursive Fibonacci, plus a mutually recursive pair and a recursion with a default
# argument. Exercises Python-to-Python calls, frame creation, small-int arithmetic, comparison.


def fib(n):
    if n < 2:
        return n
    return fib(n - 1) + fib(n - 2)


def is_even(n):
    if n == 0:
        return True
    return is_odd(n - 1)


def is_odd(n):
    if n == 0:
        return False
    return is_even(n - 1)


def tri(n, acc=0):
    if n == 0:
        return acc
    return tri(n - 1, acc + n)


def main():
    print("fib(33) =", fib(33))
    parity = 0
    for i in range(300):
        if is_even(i * 3):
            parity += 1
    print("even count", parity)
    total = 0
    for i in range(2000):
        total += tri(i % 400)
    print("triangles", total)


main()
