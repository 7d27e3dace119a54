import binascii

print(binascii.hexlify(b"\x00\xffhi"), binascii.b2a_hex(bytearray(b"AZ")), binascii.hexlify(b""))
print(binascii.unhexlify(b"00ff6869"), binascii.unhexlify("DEADbeef"), binascii.a2b_hex(b""))
print(binascii.crc32(b"hello world"), binascii.crc32(b""), binascii.crc32(b"world", binascii.crc32(b"hello ")))
print(binascii.crc32(b"123456789"), binascii.crc32(memoryview(b"abc")), binascii.crc32(b"a", -1))
for data in [b"", b"f", b"fo", b"foo", b"foob", b"fooba", b"foobar", bytes(range(256))[:40]]:
    enc = binascii.b2a_base64(data)
    print(enc, binascii.a2b_base64(enc) == data, binascii.b2a_base64(data, newline=False))
print(binascii.a2b_base64("Zm9v\nYmFy"), binascii.a2b_base64(b"Zm9=garbage"), binascii.a2b_base64("Zm8*=="))
print(issubclass(binascii.Error, ValueError), binascii.Error.__name__)
for f in [lambda: binascii.unhexlify(b"abc"), lambda: binascii.unhexlify(b"zz"),
          lambda: binascii.a2b_base64(b"Zm9vY"), lambda: binascii.a2b_base64(b"Zm9vYm"),
          lambda: binascii.hexlify("str"), lambda: binascii.unhexlify("\u00e9\u00e9"),
          lambda: binascii.crc32(5), lambda: binascii.a2b_base64(3)]:
    try:
        f()
    except (binascii.Error, TypeError, ValueError) as e:
        print(type(e).__name__, e)
