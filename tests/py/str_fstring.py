# f-strings: conversions, nested specs, =, expressions
name = "Ana"
n = 42
x = 3.14159
items = [1, 2, 3]
d = {"k": "v"}
print(f"hi {name}!", f"{n + 1}", f"{name!r}", f"{name!s}", f"{name!a}", f"{'é'!a}")
print(f"{n:5d}|{n:<5}|{n:^5}|{n:>5}|{n:05}|{n:x}|{n:#o}|{n:b}|{n:,}")
width, prec = 10, 3
print(f"{x:{width}.{prec}f}|", f"{x:{'>'}{width}}|", f"{name:{'*'}^{width}}")
print(f"{n=}", f"{x=:.2f}", f"{name=!r}", f"{n * 2 = }", f"{items[1]=}")
print(f"{items[0]} {d['k']} {len(items)} {items[-1] ** 2} {[i * 2 for i in items]}")
print(f"{'nested ' + f'{n}'}", f"{{braces}}", f"{n!r:>6}", f"{3 if n > 10 else 4}")
print(f"""{name}
{n}""", f"{'a' 'b'}", F"{n}", rf"\n{n}", fr"{n}\t")
print(f"{None}", f"{True}", f"{[1, 'a']}", f"{(1, 2)}", f"{x:.0f}", f"{-x:+.1e}", f"{1e6:g}")
class C:
    def __format__(self, spec):
        return f"C<{spec}>"
    def __str__(self):
        return "C-str"
    def __repr__(self):
        return "C-repr"
c = C()
print(f"{c}", f"{c:abc}", f"{c!s}", f"{c!r}", format(c, "zz"), "{:x}".format(c))
try:
    f"{n:q}"
except ValueError as e:
    print(type(e).__name__, e)
try:
    f"{name:d}"
except ValueError as e:
    print(type(e).__name__, e)
