# str.format: positional, indexed, named, attribute/index lookup, specs
class P:
    def __init__(self, x, y):
        self.x = x
        self.y = y
    def __repr__(self):
        return f"P({self.x}, {self.y})"
p = P(3, 4)
print("{} {} {}".format(1, "two", 3.0))
print("{1} {0} {1}".format("a", "b"))
print("{name} is {age}".format(name="Ann", age=30))
print("{0.x},{0.y} {p.x}".format(p, p=p))
print("{0[1]} {d[key]} {l[0][1]}".format([10, 20], d={"key": "v"}, l=[[1, 2]]))
print("{:>8.3f}|{:<8}|{:^8}|{:*^9}|{:08.2f}".format(3.14159, "ab", "mid", "x", -2.5))
print("{:,}|{:_}|{:_x}|{:#010b}|{:#x}|{:o}|{:X}|{:e}".format(1234567, 1234567, 0xdeadbeef, 5, 255, 8, 255, 1500.0))
print("{:^20}|".format("centered"), "{!r}".format("q"), "{!s}".format(p), "{!r:>10}".format("x"), "{0!r}".format(p))
print("{{literal}} {}".format(1), "{:%}".format(0.25), "{:+d} {:+d}".format(5, -5), "{:=+6d}".format(42))
w, pr = 10, 2
print("{:{w}.{pr}f}|".format(3.14159, w=w, pr=pr), "{:>{}}".format("r", 4), "{0:{1}}|".format(7, 5))
print("{:c}".format(65), "{:d}".format(True), "{:s}".format("s"), "{:.3s}".format("abcdef"), "{:10.3s}|".format("abcdef"))
for fmt, args in [("{}{}", (1,)), ("{0}{}", (1, 2)), ("{x}", ()), ("{:d}", ("s",)), ("{0[5]}", ([1],)), ("{0.zz}", (1,)), ("{", ()), ("{:q}", (1,))]:
    try:
        print(fmt.format(*args))
    except (IndexError, KeyError, ValueError, AttributeError) as e:
        print(type(e).__name__, e)
print(format(12, "b"), format("s", ">3"), format(3.5), format(None), "{}".format(None), "{}".format([1, 'a']))
print("{0}{0}{0}".format("ab"), "{a}{b}".format(**{"a": 1, "b": 2}), "{}-{}".format(*"xy"))
