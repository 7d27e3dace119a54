# uncaught UnicodeDecodeError
def banner(title):
    rule = "-" * min(len(title), 40)
    print(rule)
    print(title)
    print(rule)
banner('err_uncaught_unicode')
def decode_all(chunks):
    return [c.decode("utf-8") for c in chunks]
print(decode_all([b"abc", "é".encode()]))
print(decode_all([b"ok", b"\xc3("]))
