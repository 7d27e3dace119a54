# Fannkuch-redux: for every permutation of 0..n-1 (generated in a fixed order by
# rotations), count the prefix reversals ("pancake flips") until 0 is in front.
# Exercises list slicing, slice assignment, reversal, integer loops, list copies.


def fannkuch(n):
    perm1 = list(range(n))
    count = [0] * n
    max_flips = 0
    checksum = 0
    sign = 1
    r = n
    permutations = 0
    while True:
        while r != 1:
            count[r - 1] = r
            r -= 1
        perm = perm1[:]
        flips = 0
        k = perm[0]
        while k:
            perm[:k + 1] = perm[k::-1]
            flips += 1
            k = perm[0]
        if flips > max_flips:
            max_flips = flips
        checksum += flips * sign
        sign = -sign
        permutations += 1
        # Next permutation by rotating prefixes.
        while True:
            if r == n:
                return checksum, max_flips, permutations
            first = perm1[0]
            i = 0
            while i < r:
                perm1[i] = perm1[i + 1]
                i += 1
            perm1[r] = first
            count[r] -= 1
            if count[r] > 0:
                break
            r += 1


def main():
    n = 9
    checksum, flips, perms = fannkuch(n)
    print(checksum)
    print("Pfannkuchen(%d) = %d over %d permutations" % (n, flips, perms))


main()
