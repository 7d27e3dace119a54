# repr/str of complex numbers and format() with specs, as CPython 3.11 prints them
vals = [1j, -1j, 1 + 2j, -1 - 2j, complex(-0.0, -1), complex(0, -0.0), complex(-0.0, 0), 0j,
        complex(float("nan"), float("inf")), complex(float("-inf"), float("nan")), 1e300j,
        complex(1e16, 1e-5), complex(123.456, -0.001), complex(2 ** 53, 1), 1.5e-7j, complex(1, 1e22)]
for v in vals:
    print(repr(v), str(v), "%s" % (v,), "{}".format(v), f"{v}", f"{v!r:>20}|")
specs = ["", ".2f", "10", "<12", ">12", "^14.3", "+", "-", " ", ",", "_", "e", "E", ".3e", "g", "G",
         ".1g", "F", "#", "#.0f", "z.1f", "*^20.2f", "12.3f", "n", ".0"]
for spec in specs:
    out = []
    for v in (1 + 2j, 2j, -1234.5678 + 9876.54321j, complex(-0.0001, -0.0001), complex(float("nan"), float("inf"))):
        out.append(format(v, spec))
    print(repr(spec), out)
print("{:>10.2f}|{:<10}|{:^12.1e}".format(1 + 1j, 2j, 3 - 4j))
print(f"{3j:8}|{1-1j:+.1f}|{1e9+1e9j:,.0f}|{0.5j:%}" if False else f"{3j:8}|{1-1j:+.1f}|{1e9+1e9j:,.0f}")
for bad in ["010", "=10", "d", "x", "%", "s", "c", ".2%", "0>8"]:
    try:
        print(format(1 + 2j, bad))
    except ValueError as e:
        print("ValueError", e)
