# Numeric literal forms the tokenizer accepts, with their values.
print(0, 00, 0_0, 000_000, 1_000_000, 7)
print(0x1F, 0X1f, 0x_1f, 0xdead_beef, 0o17, 0O17, 0o_1_7, 0b1010, 0B1010, 0b_1_0)
print(0xffffffffffffffffffffffff, 0o7777777777777777777777777, 0b1 << 70)
print(123456789012345678901234567890, -98765432109876543210)
print(1., .5, 1.5, 1e5, 1E5, 1e+5, 1e-5, 1_0.5_0e-1_0, 1_000.0e-1_0, 00.5, 01.5, 09.5, 0e0, 00e1)
print(1.e1, 0.0, 1e308, 1e309, 5e-324, 1e-400, 1_2e1_0)
print(.1 + .2, 1_000.000_1, 0.000_001, 3.14_15)
print(1 .real, 1..real, (1).bit_length(), 0x10.bit_length(), 1.5.hex())
print(type(00).__name__, type(0.).__name__, type(1e0).__name__)
print(-0, -0.0, +1, - - 1, ~0b101)
print(0b1_1 + 0o1_1 + 0x1_1 + 1_1)
print(int("1_000"), float("1_0.5"), int("0x1f", 16), int("0b11", 0), int("0o17", 0))
for text in ["1__0", "_1", "1_", "0x_", "1e_5"]:
    try:
        print(int(text, 0) if text.startswith("0x") else float(text))
    except ValueError as e:
        print("ValueError", e)
