# building strings: join vs concatenation, formatting a report
rows = [("Widget", 4, 3.5), ("Gadget", 10, 12.25), ("Doohickey", 1, 99.999), ("Thingamajig", 250, 0.1)]
parts = []
parts.append("+" + "-" * 14 + "+" + "-" * 6 + "+" + "-" * 10 + "+")
parts.append("|{:<14}|{:>6}|{:>10}|".format("item", "qty", "total"))
parts.append(parts[0])
grand = 0
for name, qty, price in rows:
    total = qty * price
    grand += total
    parts.append("|{:<14}|{:>6d}|{:>10.2f}|".format(name[:14], qty, total))
parts.append(parts[0])
parts.append("|{:<14}|{:>6}|{:>10.2f}|".format("TOTAL", sum(r[1] for r in rows), grand))
parts.append(parts[0])
report = "\n".join(parts)
print(report)
print(len(report), report.count("\n"), report.count("|"))
s = ""
for i in range(10):
    s += chr(ord("a") + i) * (i % 3 + 1)
print(s)
acc = []
n = 1234567890
while n:
    n, d = divmod(n, 1000)
    acc.append("%03d" % d if n else str(d))
print(",".join(reversed(acc)))
def indent(text, prefix="  "):
    return "\n".join(prefix + line if line else line for line in text.split("\n"))
print(indent("a\n\nb\n  c"))
words = ["alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta"]
line, lines = "", []
for w in words:
    if len(line) + len(w) + 1 > 16:
        lines.append(line)
        line = w
    else:
        line = (line + " " + w) if line else w
lines.append(line)
print(lines)
print("-".join(str(i) for i in range(10)), "".join(reversed("stressed")), "abc" * 3 + "!")
