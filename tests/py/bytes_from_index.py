# bytes(n) and bytearray(n) take an object with __index__ as the count of zero bytes,
# ahead of its iteration


class Size:
    def __init__(self, n):
        self.n = n

    def __index__(self):
        return self.n

    def __iter__(self):
        return iter([7, 8, 9])


print(bytes(Size(3)), bytearray(Size(2)), bytes(Size(0)))
print(list(Size(1)))

try:
    bytes(Size(-1))
except ValueError as e:
    print("ValueError:", e)
try:
    bytearray(Size(-5))
except ValueError as e:
    print("ValueError:", e)


class NotInt:
    def __index__(self):
        return "three"


try:
    bytes(NotInt())
except TypeError as e:
    print("TypeError:", e)


class OnlyIter:
    def __iter__(self):
        return iter([65, 66])


print(bytes(OnlyIter()), bytearray(OnlyIter()))
