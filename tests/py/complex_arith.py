# complex numbers: literals, the constructor, arithmetic with ints and floats, powers,
# abs, equality, hashing, truth, attributes and conversions
z = 3 + 4j
w = 1 - 2j
print(z, w, 1j, -1j, 2.5j, 0j, 1e3j, type(z).__name__, isinstance(z, complex))
print(z + w, z - w, z * w, z / w, -z, +z, abs(z), abs(-2j), abs(complex(3.0, -4.0)))
print(z + 1, 1 + z, z - 2.5, 2.5 - z, z * 2, 2 * z, z / 2, 2 / z, True + 1j, z * False)
print(z.real, z.imag, z.conjugate(), (2.5).imag, (7).real, (7).imag, type(z.real).__name__)
print(complex(), complex(2), complex(2.5), complex(1, 2), complex(-1.5, 0.5), complex(True, False))
print(complex(real=1, imag=2), complex(imag=3), complex(1j), complex(1j, 1j), complex(1 + 2j, 3 + 4j))
print(complex("1+2j"), complex(" ( -1.5e3-2J ) "), complex("j"), complex("-j"), complex("3"), complex("1_0+2_0j"))
print(complex("inf"), complex("-infj"), complex("nan+nanj"), complex("1e500"), complex(0, -0.0), complex(-0.0, 0))
class Cx:
    def __complex__(self): return 2 + 3j
class Fl:
    def __float__(self): return 1.5
class Ix:
    def __index__(self): return 7
print(complex(Cx()), complex(Fl()), complex(Ix()), complex(Fl(), Ix()), complex(1, Fl()))
print((1 + 1j) ** 2, (1 + 1j) ** -2, (1 + 2j) ** 0, 1j ** 2, 2 ** (1j * 0), (2 + 0j) ** 0.5, 0j ** 0)
print((-8) ** (1 / 3), (-1) ** 0.5, f"{(-2.0) ** 1.5:.12g}", f"{(-1.5) ** -0.5:.12g}")
print(round(abs((1 + 2j) ** 0.5), 12), round(abs(2 ** (1 + 1j)), 12), round(abs(1j ** 1j), 12))
print(1 + 0j == 1, 1j == 1j, 1j != 2, 2.5 == 2.5 + 0j, 2 ** 53 + 1 == complex(2 ** 53 + 1), 1j == "1j", 1j != None)
print(hash(1 + 0j) == hash(1), hash(2.5 + 0j) == hash(2.5), hash(1.5 + 2j), hash(-1j), hash(complex(1e300, -3.5)))
print(bool(0j), bool(1j), bool(complex(0, -0.0)), bool(1e-300j), not 0j)
d = {1: "int", 2.0: "float"}
d[1 + 0j] = "complex"
d[2j] = "imag"
print(d, 2j in d, (2 + 0j) in d, 1j in [0, 1j], [1j, 2j].index(2j), sorted([3j, 1j, 2j], key=abs))
print(sum([1j, 2, 0.5]), sum([1 + 1j] * 4), max([1 + 1j, 3 + 0j, -2j], key=abs), min(2j, 1j, key=lambda c: c.imag))
x = 1j
x += 1
x *= 2
x -= 0.5j
x /= 2
x **= 2
print(x, [c.real for c in (1j, 2 + 3j)], [complex(i, -i) for i in range(3)])
print(float("inf") * 1j, 1j * float("inf"), (1e200 + 1e200j) * (1e200 + 1e200j), complex(1e308, 1e308) + 0)
print(10 ** 20 + 1j, 1j + 10 ** 15, (2 ** 60) * 1j, 1 / (3 + 4j), (1 + 1j) / (1 - 1j), 1e-300j / 1e300)
