# building binary data by hand with bytes/bytearray and int.to_bytes
def pack_record(rid, name, score):
    data = bytearray()
    data += rid.to_bytes(4, "big")
    encoded = name.encode("utf-8")
    data.append(len(encoded))
    data.extend(encoded)
    data += score.to_bytes(2, "little", signed=True)
    return bytes(data)
def unpack_record(buf, off=0):
    rid = int.from_bytes(buf[off:off + 4], "big")
    n = buf[off + 4]
    name = buf[off + 5:off + 5 + n].decode("utf-8")
    score = int.from_bytes(buf[off + 5 + n:off + 7 + n], "little", signed=True)
    return (rid, name, score), off + 7 + n
recs = [(1, "ann", 100), (258, "zoë", -5), (65536, "", 32767)]
blob = b"".join(pack_record(*r) for r in recs)
print(blob, len(blob), blob.hex())
off, out = 0, []
while off < len(blob):
    r, off = unpack_record(blob, off)
    out.append(r)
print(out, out == recs)
checksum = 0
for b in blob:
    checksum = (checksum * 31 + b) & 0xFFFFFFFF
print(checksum, hex(checksum))
ba = bytearray(b"hello world")
for i in range(len(ba)):
    if 97 <= ba[i] <= 122:
        ba[i] -= 32
print(ba, bytes(ba).lower(), ba.count(b"O"), ba[::-1], bytes(reversed(ba)) == bytes(ba[::-1]))
print(bytes([x ^ 0x20 for x in b"Swap Case"]), list(b"\x00\x01\xff"), b"ab" < b"b", b"" == bytes())
