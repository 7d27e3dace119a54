# %-formatting
print("%s is %d years" % ("Bob", 30))
print("%r %s" % ("q", "q"), "%d%%" % 50, "%c%c" % (72, "i"), "%5s|%-5s|" % ("ab", "cd"))
print("%x %X %o %#x %#X %#o %e %E %f %F %g %G" % (255, 255, 8, 255, 255, 8, 1.5, 1.5, 1.5, 1.5, 1.5, 1e-10))
print("%08.3f|%-8.2f|%+d|% d|%+.1e|%.3g|%10.4s|" % (3.14159, 2.5, 7, 7, 12345.0, 0.0001234, "abcdefg"))
print("%(name)s has %(n)03d items" % {"name": "X", "n": 7}, "%(a)r" % {"a": [1]})
print("%*d|%-*d|%.*f" % (5, 42, 4, 7, 2, 3.14159))
print("%s" % (1, ), "%s" % [1, 2], "%s %s" % (None, True), "%d" % 3.99, "%i" % -2.5, "%x" % -255)
print("%.2f" % 2.675, "%.0f" % 2.5, "%5.1f%%" % 99.55, "%s" % 1e20, "%r" % 0.1)
for fmt, args in [("%d", "x"), ("%s %s", ("a",)), ("%s", ("a", "b")), ("%(k)s", {"j": 1}), ("%z", 1), ("%c", 1234567890), ("%d", None)]:
    try:
        print(fmt % args)
    except (TypeError, ValueError, KeyError, OverflowError) as e:
        print(type(e).__name__, e)
print(b"%s-%d" % (b"ab", 5), b"%x" % 255, b"%c" % 65)
