# the array module: typed sequences of numbers with their C range checked
from array import array, typecodes

print(typecodes)
samples = array("h", [300, -2, 7])
print(samples, len(samples), samples.typecode, samples.itemsize)
samples.append(11)
samples.extend([12, 13])
samples.insert(0, -5)
print(samples, samples[1], samples[-1], samples[2:4])
print(samples.pop(), samples.pop(0), samples.index(7), samples.count(7))
samples.remove(-2)
samples.reverse()
print(samples, samples.tolist(), list(samples), 7 in samples, 99 in samples)
samples[0] = 40
samples[1:3] = array("h", [1, 2, 3])
del samples[-1]
print(samples)

# arithmetic and comparison between arrays of the same kind
left = array("B", [1, 2])
right = array("B", [3])
print(left + right, left * 2, 3 * right)
left += right
left *= 2
print(left, left == array("B", [1, 2, 3, 1, 2, 3]), left < array("B", [2]))
print(array("i") == array("i"), array("i"), bool(array("i")), bool(array("i", [0])))

# byte forms (little-endian on the machines tested)
word = array("H", [1, 258])
print(word.tobytes(), bytes(word))
print(array("h", b"\x01\x00\xff\xff"), array("B", bytearray(b"ab")))
copy = array("I")
copy.frombytes(b"\x05\x00\x00\x00")
print(copy, array("d", [1.5, -2]), array("f", [0.1])[0] == 0.1)
print(array("q", [-1]).tobytes(), array("Q", [2**64 - 1]))
print(array("b", array("H", [1, 2])), array("i", (n * n for n in range(4))))

# values out of the C type's range or of the wrong kind
for code, value in (("b", 128), ("B", -1), ("h", -40000), ("I", 2**32), ("b", 1.0)):
    try:
        array(code, [value])
    except (OverflowError, TypeError) as e:
        print(code, type(e).__name__, e)
for bad in ("X", "bb"):
    try:
        array(bad)
    except (ValueError, TypeError) as e:
        print(type(e).__name__, e)
try:
    array("i", "text")
except TypeError as e:
    print("TypeError:", e)
try:
    array("h", b"abc")
except ValueError as e:
    print("ValueError:", e)
try:
    array("i", [1]) + array("h", [1])
except TypeError as e:
    print("TypeError:", e)
try:
    array("i").pop()
except IndexError as e:
    print("IndexError:", e)
try:
    hash(array("i"))
except TypeError:
    print("unhashable")

# unicode arrays and byte swapping
letters = array("u", "hi")
print(letters, letters.tobytes(), letters.tounicode())
letters.frombytes(b"!\x00\x00\x00")
print(letters.tounicode(), letters.itemsize)
swapped = array("h", [1, 256])
swapped.byteswap()
print(swapped)
