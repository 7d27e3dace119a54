# Digits of pi with big integers, from Machin's formula
# pi = 16 atan(1/5) - 4 atan(1/239), each arctangent summed in fixed point with a scale of
# 10^(digits + guard). A second pass computes e the same way as a cross-check.
# A third computes sqrt(2) by Newton iteration on integers.
# Exercises arbitrary-precision int multiply, floor division, modulo, addition, bit_length.


def arctan_inv(x, scale):
    # atan(1/x) * scale, by the alternating Taylor series.
    total = term = scale // x
    x2 = x * x
    n = 3
    sign = -1
    while term:
        term //= x2
        total += sign * (term // n)
        sign = -sign
        n += 2
    return total


def pi_digits(digits):
    guard = 10
    scale = 10 ** (digits + guard)
    pi = 4 * (4 * arctan_inv(5, scale) - arctan_inv(239, scale))
    return pi // 10 ** guard


def e_digits(digits):
    guard = 10
    scale = 10 ** (digits + guard)
    total = 0
    term = scale
    k = 1
    while term:
        total += term
        term //= k
        k += 1
    return total // 10 ** guard


def isqrt(n):
    # Newton's method on integers: floor(sqrt(n)).
    x = 1 << ((n.bit_length() + 1) // 2)
    while True:
        y = (x + n // x) // 2
        if y >= x:
            return x
        x = y


def sqrt2_digits(digits):
    return isqrt(2 * 10 ** (2 * digits))


def summary(n, digits):
    # CPython 3.11 refuses str() of ints above 4300 digits, so print only the leading and
    # trailing digits and a residue of the whole number.
    lead = str(n // 10 ** (digits - 15))
    tail = str(n % 10 ** 10)
    return "%s..%s mod=%d" % (lead, tail, n % 1000000007)


def main():
    for digits in (6000, 12000, 24000):
        print(digits, "pi", summary(pi_digits(digits), digits))
        print(digits, "e", summary(e_digits(digits), digits))
        print(digits, "sqrt2", summary(sqrt2_digits(digits), digits))


main()
