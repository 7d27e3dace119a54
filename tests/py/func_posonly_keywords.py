# Positional-only parameters cannot be passed by keyword, also in calls that bind
# keywords in place and in hot loops.


def g(x, /, y):
    return x + y


def h(a, b=2, /, c=3):
    return (a, b, c)


def k(a, /, **kw):
    return a, kw


for i in range(3):
    try:
        g(x=1, y=2)
    except TypeError as e:
        print(i, "TypeError:", e)
    try:
        g(1, x=2, y=3)
    except TypeError as e:
        print(i, "TypeError:", e)
    try:
        h(1, b=5)
    except TypeError as e:
        print(i, "TypeError:", e)
    print(g(1, y=i), h(1, c=i), h(1, 2, c=i), k(1, a=2))
total = 0
for i in range(500):
    total += g(i, y=1) + h(i, c=1)[2]
print(total)
