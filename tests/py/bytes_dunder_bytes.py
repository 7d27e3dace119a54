# bytes(x) asks x.__bytes__() first, before the integer and iterable forms


class Packet:
    def __init__(self, payload):
        self.payload = payload

    def __bytes__(self):
        return b"<" + self.payload + b">"

    def __iter__(self):
        return iter([1, 2, 3])

    def __index__(self):
        return 4


print(bytes(Packet(b"ping")))
print(list(Packet(b"x")))


class Raw(bytes):
    def __bytes__(self):
        return b"from dunder"


print(bytes(Raw(b"stored")))


class Wrapped(bytes):
    pass


class GivesSubclass:
    def __bytes__(self):
        return Wrapped(b"sub")


print(bytes(GivesSubclass()))

for bad in ("text", bytearray(b"ba"), 7):

    class Wrong:
        def __bytes__(self, value=bad):
            return value

    try:
        bytes(Wrong())
    except TypeError as e:
        print("TypeError:", e)


class Broken:
    def __bytes__(self):
        raise ValueError("no bytes today")


try:
    bytes(Broken())
except ValueError as e:
    print("ValueError:", e)
