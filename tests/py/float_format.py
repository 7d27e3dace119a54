# formatting and rounding of floats
print('%.2f' % 2.675, '%.2f' % 1.005, '%.1f' % 0.25, '%.1f' % 0.35, '%.0f' % 0.5, '%.0f' % 1.5)
print(round(2.675, 2), round(1.005, 2), round(0.125, 2), round(0.375, 2))
print(round(1234.5678, -2), round(1250, -2), round(1350, -2), round(-1250, -2), round(15, -1), round(25, -1))
print(round(3.14159, 3), round(-3.14159, 1), round(2.5, 0), type(round(2.5)).__name__, type(round(2.5, 0)).__name__)
v = 1234.56789
print(f"{v:.3f}|{v:10.2f}|{v:<10.1f}|{v:^12.2f}|{v:+.2f}|{v:e}|{v:.2e}|{v:g}|{v:.3g}|{v:%}")
print(f"{v:,.2f}|{v:_.1f}|{v:012.3f}|{-v:012.3f}|{v:E}|{v:G}|{1e-7:g}|{1e20:g}|{0.0001:g}")
print(f"{0.5:.0%}|{0.125:.1%}|{1/3:.5f}|{2/3:.10f}|{1e300:.3e}|{123.0:g}|{100000.0:g}|{1000000.0:g}")
print('%e %E %g %G %10.4f %-10.2f| %+.3e %08.2f' % (12345.678, 0.000123, 0.00001234, 1e30, 3.14159, 2.5, 1234.5, -3.5))
print('%s %r %.3s' % (1.1, 2.2, 3.14159))
print(format(0.1, '.20f'), format(1 / 7, '.15g'), format(2.0, ''), format(1e16, ''), format(-0.0, '.1f'))
print(str(1.0), str(1e-4), str(123e10), str(1.5e16), str(1e16))
print(f"{3.0:n}", f"{3:.2f}", f"{7:e}", format(5, '.1%'))
