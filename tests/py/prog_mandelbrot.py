# ASCII Mandelbrot set (float arithmetic, iteration counts)
def mandel(cx, cy, limit=30):
    x = y = 0.0
    for i in range(limit):
        x, y = x * x - y * y + cx, 2 * x * y + cy
        if x * x + y * y > 4.0:
            return i
    return limit
chars = " .:-=+*#%@"
for row in range(12):
    cy = -1.2 + row * 0.2
    line = ""
    for col in range(40):
        cx = -2.1 + col * 0.075
        n = mandel(cx, cy)
        line += chars[min(n * len(chars) // 31, len(chars) - 1)]
    print(line.rstrip())
print(mandel(0.0, 0.0), mandel(1.0, 1.0), mandel(-0.75, 0.1), sum(mandel(-2 + i / 10, 0.5) for i in range(30)))
