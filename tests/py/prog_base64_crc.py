# base64 encoding/decoding and CRC-32 implemented by hand
ALPHA = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
def b64encode(data):
    out = []
    for i in range(0, len(data), 3):
        chunk = data[i:i + 3]
        n = int.from_bytes(chunk + b"\x00" * (3 - len(chunk)), "big")
        chars = [ALPHA[(n >> s) & 63] for s in (18, 12, 6, 0)]
        if len(chunk) < 3:
            chars[len(chunk) + 1:] = "=" * (3 - len(chunk))
        out.extend(chars)
    return "".join(out)
def b64decode(s):
    if len(s) % 4:
        raise ValueError("incorrect padding")
    out = bytearray()
    for i in range(0, len(s), 4):
        quad = s[i:i + 4]
        pad = quad.count("=")
        n = 0
        for c in quad.rstrip("="):
            n = n * 64 + ALPHA.index(c)
        n <<= 6 * pad
        out += n.to_bytes(3, "big")[:3 - pad]
    return bytes(out)
for s in [b"", b"f", b"fo", b"foo", b"foob", b"fooba", b"foobar", "héllo wörld".encode()]:
    e = b64encode(s)
    print(s, e, b64decode(e) == s)
try:
    b64decode("abc")
except ValueError as e:
    print(type(e).__name__, e)
def crc32(data):
    crc = 0xFFFFFFFF
    for b in data:
        crc ^= b
        for _ in range(8):
            crc = (crc >> 1) ^ (0xEDB88320 if crc & 1 else 0)
    return crc ^ 0xFFFFFFFF
for s in [b"", b"a", b"abc", b"The quick brown fox jumps over the lazy dog", bytes(range(256))]:
    print(len(s), hex(crc32(s)))
