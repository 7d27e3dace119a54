# uncaught UnicodeDecodeError
def decode_all(chunks):
    return [c.decode("utf-8") for c in chunks]
print(decode_all([b"abc", "é".encode()]))
print(decode_all([b"ok", b"\xc3("]))
