# caesar / vigenere ciphers and run-length encoding
def caesar(text, k):
    out = []
    for c in text:
        if c.isupper():
            out.append(chr((ord(c) - 65 + k) % 26 + 65))
        elif c.islower():
            out.append(chr((ord(c) - 97 + k) % 26 + 97))
        else:
            out.append(c)
    return "".join(out)
def vigenere(text, key, decrypt=False):
    out, ki = [], 0
    for c in text:
        if c.isalpha():
            shift = ord(key[ki % len(key)].lower()) - 97
            out.append(caesar(c, -shift if decrypt else shift))
            ki += 1
        else:
            out.append(c)
    return "".join(out)
msg = "Attack at Dawn! Zebra-42."
enc = caesar(msg, 3)
print(enc, caesar(enc, -3), caesar(msg, 26) == msg, caesar(msg, -1))
v = vigenere(msg, "lemon")
print(v, vigenere(v, "lemon", decrypt=True))
def rle_encode(s):
    if not s:
        return []
    out = [[s[0], 1]]
    for c in s[1:]:
        if c == out[-1][0]:
            out[-1][1] += 1
        else:
            out.append([c, 1])
    return [(c, n) for c, n in out]
def rle_str(s):
    return "".join(f"{n}{c}" if n > 1 else c for c, n in rle_encode(s))
def rle_decode(pairs):
    return "".join(c * n for c, n in pairs)
for s in ["aaabccddddde", "", "abc", "zzzzzzzzzzzz", "aabbaa"]:
    e = rle_encode(s)
    print(repr(s), e, rle_str(s), rle_decode(e) == s)
