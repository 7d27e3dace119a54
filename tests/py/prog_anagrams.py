# grouping anagrams, palindromes and word games
words = ["listen", "silent", "enlist", "google", "gooegl", "cat", "act", "tac", "dog", "god", "odg", "bird"]
groups = {}
for w in words:
    groups.setdefault("".join(sorted(w)), []).append(w)
for key in sorted(groups):
    print(key, groups[key])
def is_pal(s):
    t = [c.lower() for c in s if c.isalnum()]
    return t == t[::-1]
for s in ["A man, a plan, a canal: Panama", "racecar", "hello", "", "No 'x' in Nixon", "ab"]:
    print(repr(s), is_pal(s))
def longest_pal(s):
    best = ""
    for center in range(2 * len(s) - 1):
        lo, hi = center // 2, center // 2 + center % 2
        while lo >= 0 and hi < len(s) and s[lo] == s[hi]:
            lo -= 1
            hi += 1
        if hi - lo - 1 > len(best):
            best = s[lo + 1:hi]
    return best
print(longest_pal("forgeeksskeegfor"), longest_pal("abacdfgdcaba"), longest_pal("x"))
def char_freq_equal(a, b):
    fa, fb = {}, {}
    for c in a:
        fa[c] = fa.get(c, 0) + 1
    for c in b:
        fb[c] = fb.get(c, 0) + 1
    return fa == fb
print(char_freq_equal("aabbc", "abcab"), char_freq_equal("aab", "abb"))
