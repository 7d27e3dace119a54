# f-string forms of Python 3.11: quotes inside fields, nesting, =, conversions, specs.
x, y, w, p = 42, "hi", 8, 3
pi = 3.14159265
print(f'{x}', F'{x}', fr'{x}\n', rf'\t{y}', Rf'{x}', fR'{x}', FR'{x}', RF'{x}')
print(f'{x!r} {y!r} {y!s} {y!a} {"é"!a}')
print(f'{x:>{w}}|{y:^{w}}|{pi:.{p}f}|{pi:{w}.{p}}|{x:{"<"}{w}}')
print(f'{x=} {y = } {x=!s} {x=:>5} {y =!r:^9} {pi=:.2f}')
print(f'{{}} {{{x}}} {{x}} }}{{')
print(f"{'single'} {'other' if False else 'quotes'}", f'{"double"}')
print(f'''{"a"} {'b'} {"""c"""}''', f"""{'''d'''}""")
print(f'{f"{x}"}', f'''{f"{f'{y}'}"}''', f"{f'{x:>{w}}'}")
print(f'{ {1: 2}[1] } { [1, 2][1] } {(lambda: 5)()} {(x := 7)} {x}')
print(f'{x:{w}}', f'{x!r:{w}}', f'{3!r:}', f'{x:}', f'{"":=^{w}}')
print(f'''{
x
+ 1
}''')
print(f'{3.0:g} {1e100:e} {255:#x} {255:08b} {-1:+d} {1234567:,} {1234567:_}')
print(f"{'a' 'b'}", f'\N{BULLET}{x}\N{EM DASH}', f'\t{x}\x41{{\n}}')
print(f'{x}' f'{y}' 'plain' f'{x + 1}')
print(f'{"{"}{"}"}', f'{"{x}"}', f'a{x}b{y}c')
items = ["a", "b"]
print(f'{", ".join(items)}', f'{items[0]!r:>4}', f'{len(items)}')
for bad in ["f'{}'", "f'{x!}'", "f'{x!z}'", "f'{'", "f'}'", "f'{x'", "f'{=}'", "f'{!r}'", "f'{:x}'"]:
    print(bad, "is not valid")
