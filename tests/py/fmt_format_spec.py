# format() spec mini-language on ints, floats, strings
ints = [0, 7, -7, 255, 1234567, -1234567]
for n in ints:
    print(f"[{n:d}] [{n:8d}] [{n:<8d}] [{n:^8d}] [{n:+d}] [{n: d}] [{n:08d}] [{n:,d}] [{n:_d}] [{n:x}] [{n:#x}] [{n:#o}] [{n:#b}] [{n:=+10,}]")
floats = [0.0, 1.5, -2.25, 1234.5678, 1e-7, 12345678.9]
for x in floats:
    print(f"[{x:f}] [{x:.2f}] [{x:10.3f}] [{x:<10.1f}] [{x:e}] [{x:.3e}] [{x:g}] [{x:.3g}] [{x:%}] [{x:,.2f}] [{x:+08.2f}]")
for s in ["", "a", "hello", "héllo wörld"]:
    print(f"[{s}] [{s:10}] [{s:>10}] [{s:^10}] [{s:*<10}] [{s:.3}] [{s:>8.2}]")
print(format(True, "d"), format(True, ""), format(False, ">6"), format(3, "c") == chr(3), format(97, "c"))
print(f"{'x':{'^'}{9}}", f"{12.5:{'>'}{10}.{3}}", "{:{fill}{align}{width}}".format("q", fill="-", align=">", width=5))
print(f"{1e16:.0f}", f"{2 ** 70:,}", f"{-0.0:.1f}", f"{0.5:.0f}", f"{1.5:.0f}", f"{2.5:.0f}", f"{99.995:.2f}")
print(f"{float('inf'):8.2f}|{float('-inf'):<8}|{float('nan'):^9}|")
for bad in ["{:,s}", "{:=s}", "{:.2d}", "{:#s}", "{:c}"]:
    try:
        print(bad.format("s" if bad != "{:.2d}" else 5) if bad != "{:c}" else bad.format(-1))
    except (ValueError, OverflowError) as e:
        print(type(e).__name__, e)
