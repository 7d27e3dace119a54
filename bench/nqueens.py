# N-queens two ways: (1) a recursive generator that places one queen per row and keeps the
# attacked columns and diagonals in sets; (2) brute force over a hand-written permutations
# generator, keeping boards whose two diagonal sets have n distinct entries.
# Exercises generators (yield, yield from), sets (add, remove, membership, len), tuples.


def place(n, row, cols, diag1, diag2, board):
    if row == n:
        yield tuple(board)
        return
    for c in range(n):
        if c in cols or (row + c) in diag1 or (row - c) in diag2:
            continue
        cols.add(c)
        diag1.add(row + c)
        diag2.add(row - c)
        board.append(c)
        yield from place(n, row + 1, cols, diag1, diag2, board)
        board.pop()
        cols.remove(c)
        diag1.remove(row + c)
        diag2.remove(row - c)


def permutations(items):
    if len(items) <= 1:
        yield list(items)
        return
    for i in range(len(items)):
        rest = items[:i] + items[i + 1:]
        for p in permutations(rest):
            p.append(items[i])
            yield p


def brute_force(n, shift):
    count = 0
    first = None
    items = list(range(n))
    for perm in permutations(items[shift:] + items[:shift]):
        if len({i + perm[i] for i in range(n)}) == n and len({i - perm[i] for i in range(n)}) == n:
            count += 1
            if first is None:
                first = tuple(perm)
    return count, first


def main():
    for n in range(4, 11):
        sols = list(place(n, 0, set(), set(), set(), []))
        checksum = 0
        for s in sols:
            for q in s:
                checksum = (checksum * 31 + q) % 1000000007
        print(n, len(sols), sols[0], checksum)
    for shift in range(3):
        count, first = brute_force(8, shift)
        print("brute force 8, shift", shift, ":", count, first)


main()
