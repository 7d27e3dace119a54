# '%d' of a 1.4-million-digit int is refused at CPython's 4,300-digit limit (it ran a quadratic conversion for minutes).
out = []
try:
    for i in range(30):
        tot.append(acc)
except Exception as e:
    print('error', type(e).__name__, e)
def ack3(m, n):
    if m == 0:
        return ack3(m - 1, 1)
try:
    for i in range(4500):
        try:
                x = [0][i]
        finally:
            fin += 1
    print(caught, fin, base)
except Exception as e:
    s8 = ''
    print('%r %05d %-6.2f %s %c %%' % (s8, (2**47 ** 4), (0.5 * float('inf')), [s8], 65))
