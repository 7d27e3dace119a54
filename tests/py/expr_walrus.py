# assignment expressions
data = [1, 5, 12, 7, 20, 3]
if (n := len(data)) > 5:
    print("long list", n)
print([y for x in data if (y := x * 2) > 10], y)
it = iter(data)
while (v := next(it, None)) is not None:
    if v > 10:
        print("first > 10:", v)
        break
print((a := 3) + a, a)
def f():
    total = 0
    vals = [total := total + x for x in range(5)]
    return vals, total
print(f())
matches = [m for s in ["a1", "bb", "c3"] if (m := s[-1]).isdigit()]
print(matches, m)
print(z := 10, z * 2)
buf = []
while (chunk := "abcdefg"[len(buf) * 2: len(buf) * 2 + 2]):
    buf.append(chunk)
print(buf)
