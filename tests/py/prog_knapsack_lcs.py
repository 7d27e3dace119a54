# dynamic programming: knapsack, LCS, edit distance, coin change
def knapsack(items, cap):
    best = [[0] * (cap + 1) for _ in range(len(items) + 1)]
    for i, (w, v) in enumerate(items, 1):
        for c in range(cap + 1):
            best[i][c] = best[i - 1][c]
            if w <= c:
                best[i][c] = max(best[i][c], best[i - 1][c - w] + v)
    chosen, c = [], cap
    for i in range(len(items), 0, -1):
        if best[i][c] != best[i - 1][c]:
            chosen.append(i - 1)
            c -= items[i - 1][0]
    return best[-1][-1], sorted(chosen)
print(knapsack([(12, 4), (2, 2), (1, 1), (1, 2), (4, 10)], 15))
def lcs(a, b):
    dp = [[""] * (len(b) + 1) for _ in range(len(a) + 1)]
    for i in range(len(a) - 1, -1, -1):
        for j in range(len(b) - 1, -1, -1):
            if a[i] == b[j]:
                dp[i][j] = a[i] + dp[i + 1][j + 1]
            else:
                dp[i][j] = max(dp[i + 1][j], dp[i][j + 1], key=len)
    return dp[0][0]
print(lcs("AGGTAB", "GXTXAYB"), lcs("abcdef", "acf"), repr(lcs("abc", "xyz")))
def edit(a, b):
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        cur = [i]
        for j, cb in enumerate(b, 1):
            cur.append(min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca != cb)))
        prev = cur
    return prev[-1]
print([edit(x, y) for x, y in [("kitten", "sitting"), ("", "abc"), ("flaw", "lawn"), ("same", "same")]])
def coin_change(coins, amount):
    ways = [1] + [0] * amount
    fewest = [0] + [None] * amount
    for c in coins:
        for a in range(c, amount + 1):
            ways[a] += ways[a - c]
    for a in range(1, amount + 1):
        opts = [fewest[a - c] for c in coins if c <= a and fewest[a - c] is not None]
        fewest[a] = min(opts) + 1 if opts else None
    return ways[amount], fewest[amount]
print(coin_change([1, 5, 10, 25], 100), coin_change([2], 3), coin_change([3, 7], 17))
