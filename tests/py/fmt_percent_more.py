# more %-formatting: dict keys, widths, flags, reprs
data = {"name": "Widget", "price": 9.5, "qty": 3, "tags": ["a", "b"]}
print("%(name)-10s|%(price)8.3f|%(qty)+4d|%(tags)s|%(tags)r" % data)
print("%-5d|%5d|%-5s|%5s|%05.1f|%-+6d|% 5d" % (1, 2, "ab", "cd", 3.14159, 7, 42))
print("%x|%X|%#x|%o|%#o|%e|%.0e|%g|%.2g|%G" % (3054, 3054, 3054, 8, 8, 0.000123, 5e10, 1e-5, 123456, 1e-20))
print("%s|%r|%a" % ("é", "é", "é"), "%c|%c" % ("x", 0x263A), "%%|%d%%|" % 5)
print("%.3s|%-6.2s|%*.*f" % ("abcdef", "xyz", 8, 2, 2.71828))
print("%d items" % 3, "%s" % (("tuple",),), "%s" % {"k": 1}, "%s%s" % ("a", "b"))
print("%i|%u|%d" % (3.9, 7, True), "%f" % 1, "%.1f" % -0.05, "%.2f" % 0.125, "%.2f" % 0.375)
print("%10.4e|%-12.3E|" % (123.456, 0.000987))
