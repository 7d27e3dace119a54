# Produces codegen/tests/syntax_cases.rs: whole programs (parse, symbol table and code
# generation) with CPython 3.11's verdict, from running `python3 f.py` as errs.py does.
# Usage: python3 syntax.py > ../codegen/tests/syntax_cases.rs (needs /tmp/gen/site).
import os, subprocess, ast

M = 'match x:\n'
cases = [
    # ---- match: valid forms ----
    M + '    case 1: pass\n',
    M + '    case -1 | 2.5 | -3e2 | 0x1f | "s" "t" | b"b" | None | True | False: pass\n',
    M + '    case 1 + 2j | -1 - 2j | 3j | -4j: pass\n',
    M + '    case a.b | a.b.c: pass\n',
    M + '    case (1): pass\n    case (a): pass\n',
    M + '    case (): pass\n    case []: pass\n    case (1,): pass\n    case [1,]: pass\n',
    M + '    case 1, 2: pass\n    case *a, b: pass\n    case a, *_, : pass\n',
    M + '    case [a, *b, c] if b: pass\n    case (a, [b, *c], {"k": d}): pass\n',
    M + '    case {}: pass\n    case {**r}: pass\n    case {1: a, "b": b, None: c, a.b: d, **r,}: pass\n',
    M + '    case C(): pass\n    case C(1, 2): pass\n    case C(a=1): pass\n    case a.C(1, b=2,): pass\n',
    M + '    case C(a, b, c=d, e=f): pass\n',
    M + '    case 1 | 2 as z: pass\n    case (a | a) if a: pass\n    case [1, a] | [a, 1]: pass\n',
    M + '    case [a, b] | [b, a]: pass\n    case {1: a, 2: b} | {2: b, 1: a}: pass\n',
    M + '    case _ if x: pass\n    case _: pass\n',
    M + '    case x if (y := 1): pass\n',
    M + '    case _:\n        pass\n',
    'match x, y:\n    case a, b: pass\n',
    'match *x, y:\n    case a: pass\n',
    'match x,:\n    case a: pass\n',
    'match (x):\n    case a: pass\n',
    'match [x]:\n    case a: pass\n',
    'match -x:\n    case a: pass\n',
    'match x if y else z:\n    case a: pass\n',
    'match not x:\n    case a: pass\n',
    'match lambda: 1:\n    case a: pass\n',
    'match (yield):\n    case a: pass\n',
    'def f():\n    match (yield x):\n        case a: pass\n',
    'match = 1\nmatch.x = 2\nmatch[0] = 3\nmatch(4)\nprint(match)\ncase = 5\n_ = 6\n',
    'match: int = 1\n',
    'match[0]: int = 1\n',
    'match (x)\n',
    'match -x\n',
    'match * x\n',
    'match, y = 1, 2\n',
    'def match(match, case): return match\n',
    'class match: pass\n',
    M + '    case case: pass\n',
    M + '    case match: pass\n',
    'match match:\n    case case: pass\n',
    M + '    case 1:\n        match y:\n            case 2: pass\n',
    'for x in y:\n    match x:\n        case 1: break\n        case 2: continue\n',
    'def f(x):\n    match x:\n        case 1: return 1\n        case [a]: return a\n',
    'def f(x):\n    match x:\n        case [a]:\n            def g(): return a\n',
    'def f(x):\n    match x:\n        case {"k": a}: nonlocal_ = a\n',
    M + '    case 1: pass\n    case 2: pass\n\nx = 1\n',
    M + '  case 1:\n    pass\n  case 2:\n    pass\n',
    M + '    case 10_000 | 0b1_0 | 0o17 | 1_0.5e-1_0: pass\n',
    M + '    case "a" f"" : pass\n',
    # ---- match: parse errors ----
    'match x\n    case 1: pass\n',
    'match x:\ncase 1: pass\n',
    'match x:\n',
    'match x:',
    'match x: pass\n',
    'match x:\n    case 1 pass\n',
    'match x:\n    case 1\n',
    'match x:\n    case 1:\n    pass\n',
    'match x:\n    case 1:\n',
    'match x:\n    case 1: pass\n    x = 1\n',
    'match x:\n    x = 1\n',
    'match x:\n    pass\n',
    'match x:\n    case: pass\n',
    'match x:\n    case 1 if: pass\n',
    'match x:\n    case 1 if x = 2: pass\n',
    'match *x:\n    case 1: pass\n',
    M + '    case _.x: pass\n',
    M + '    case _(1): pass\n',
    M + '    case *a: pass\n',
    M + '    case (*a): pass\n',
    M + '    case -a: pass\n',
    M + '    case 1+2: pass\n',
    M + '    case 1j+2j: pass\n',
    M + '    case -1j-2j: pass\n',
    M + '    case 1+a: pass\n',
    M + '    case 1 + 2j + 3j: pass\n',
    M + '    case a + 1: pass\n',
    M + '    case a as _: pass\n',
    M + '    case a as 1: pass\n',
    M + '    case a as b.c: pass\n',
    M + '    case a as (b): pass\n',
    M + '    case a as: pass\n',
    M + '    case a as b as c: pass\n',
    M + '    case C(a=1, b): pass\n',
    M + '    case C(1, a=1, b, c=2): pass\n',
    M + '    case C(a=1, b, c): pass\n',
    M + '    case C(a=1, b, 2, c=3, d): pass\n',
    M + '    case C(**a): pass\n',
    M + '    case C(*a): pass\n',
    M + '    case C(a.b=1): pass\n',
    M + '    case C(1: 2): pass\n',
    M + '    case {**r, 1: a}: pass\n',
    M + '    case {**_}: pass\n',
    M + '    case {**r, **s}: pass\n',
    M + '    case {a: 1}: pass\n',
    M + '    case {1: a b}: pass\n',
    M + '    case {1: a, 2}: pass\n',
    M + '    case {1}: pass\n',
    M + '    case {(1, 2): a}: pass\n',
    M + '    case {f(): a}: pass\n',
    M + '    case {-a: 1}: pass\n',
    M + '    case [a b]: pass\n',
    M + '    case [a, b: pass\n',
    M + '    case (a, b]: pass\n',
    M + '    case a.b(): pass\n    case a.(): pass\n',
    M + '    case f(x)(y): pass\n',
    M + '    case x.y.z.: pass\n',
    M + '    case x=1: pass\n',
    M + '    case lambda: 1: pass\n',
    M + '    case 1 < 2: pass\n',
    M + '    case not 1: pass\n',
    M + '    case await x: pass\n',
    M + '    case 1 | : pass\n',
    M + '    case ...: pass\n',
    M + '    case [...]: pass\n',
    M + '    case 1 2: pass\n',
    M + '    case 1,, 2: pass\n',
    M + '    case *a, *b: pass\n',
    'match (x)\nfoo bar\n',
    'match x\n',
    'match -x\ny = (\n',
    'match(x)\ncase 1: pass\n',
    # ---- match: compile errors ----
    M + '    case [a, *b, *c]: pass\n',
    M + '    case [*_, *_]: pass\n',
    M + '    case a: pass\n    case b: pass\n',
    M + '    case _: pass\n    case b: pass\n',
    M + '    case a | b: pass\n',
    M + '    case _ | 1: pass\n',
    M + '    case (a | b) if x: pass\n',
    M + '    case 1 | a | 2: pass\n',
    M + '    case (a as b) | 1: pass\n',
    M + '    case [a, a]: pass\n',
    M + '    case [a, [b, a]]: pass\n',
    M + '    case {1: a, **a}: pass\n',
    M + '    case [a] as a: pass\n',
    M + '    case C(a, b=a): pass\n',
    M + '    case [a, *a]: pass\n',
    M + '    case (a | [a]) as a: pass\n',
    M + '    case {1: a, 1: b}: pass\n',
    M + '    case {1: a, 1.0: b}: pass\n',
    M + '    case {1: a, True: b}: pass\n',
    M + '    case {0: a, False: b}: pass\n',
    M + '    case {-1: a, -1.0: b}: pass\n',
    M + '    case {"a": a, "a": b}: pass\n',
    M + '    case {"a" "b": a, "ab": b}: pass\n',
    M + '    case {b"a": a, b"a": b}: pass\n',
    M + '    case {"a": a, b"a": b}: pass\n',
    M + '    case {None: a, None: b}: pass\n',
    M + '    case {1.5: a, 1.5: b}: pass\n',
    M + '    case {"it\'s": a, "it\'s": b}: pass\n',
    M + '    case {a.b: x, a.b: y}: pass\n',
    M + '    case {f"x": 1}: pass\n',
    M + '    case f"x": pass\n',
    M + '    case f"{x}" | 1: pass\n',
    M + '    case C(a=1, a=2): pass\n',
    M + '    case C(a=1, b=2, a=3): pass\n',
    M + '    case C(__debug__=1): pass\n',
    M + '    case __debug__: pass\n',
    M + '    case [*__debug__]: pass\n',
    M + '    case {**__debug__}: pass\n',
    M + '    case 1 as __debug__: pass\n',
    M + '    case [1, 2] | [a]: pass\n',
    M + '    case [a] | [b]: pass\n',
    M + '    case [a, b] | [a]: pass\n',
    M + '    case [a, b] | [a, c]: pass\n',
    M + '    case a | 1: pass\n    case 2: pass\n',
    M + '    case [a, (b | c)]: pass\n',
    'def f(x):\n    match x:\n        case a: pass\n        case b: pass\n',
    'def f(x):\n    global y\n    match x:\n        case y: pass\n',
    'def f(x):\n    match x:\n        case y: pass\n    global y\n',
    'def f():\n    match x:\n        case [y]: pass\n    nonlocal y\n',
    M + '    case 1:\n        return 1\n',
    M + '    case 1:\n        break\n',
    M + '    case 1:\n        yield 1\n',
    # ---- numbers: valid ----
    'x = 0\nx = 00\nx = 000_0\nx = 0_0\nx = 1_000_000\nx = 0x_1f\nx = 0X1F\nx = 0o_17\nx = 0O17\nx = 0b_1\nx = 0B10\n',
    'x = 1.\nx = .5\nx = 1.5\nx = 1e5\nx = 1E5\nx = 1e+5\nx = 1e-5\nx = 1_0.5_0e-1_0\nx = 1_000.0e-1_0\nx = 0.0\nx = 00.5\nx = 01.5\nx = 09.5\nx = 0e0\nx = 00e1\n',
    'x = 1j\nx = 1J\nx = 1.5j\nx = .5j\nx = 1e5j\nx = 0j\nx = 00j\nx = 01j\nx = 09j\nx = 1_0j\n',
    'x = 1if 1else 2\nx = 0x1for\n',
    'x = 1 .real\nx = 1..real\nx = 1.e1\nx = 1.j\n',
    'x = 123456789012345678901234567890\nx = 0xffffffffffffffffffffffffffff\n',
    # ---- numbers: invalid ----
    'x = 01\n', 'x = 0_1\n', 'x = 007\n', 'x = 01_0\n', 'x = 0_\n', 'x = 1__0\n', 'x = 1_\n', 'x = 1_e5\n', 'x = 1e_5\n',
    'x = 1e5_\n', 'x = 1._5\n', 'x = 1_.5\n', 'x = 0x\n', 'x = 0x_\n', 'x = 0x__1\n', 'x = 0x1_\n', 'x = 0xg\n', 'x = 0o8\n',
    'x = 0o\n', 'x = 0o1_\n', 'x = 0b2\n', 'x = 0b1_\n', 'x = 0b\n', 'x = 1a\n', 'x = 1_a\n', 'x = 1.5a\n', 'x = 1e\n',
    'x = 1e+\n', 'x = 1.5e-\n', 'x = 1jx\n', 'x = 1.2.3\n', 'x = 0b1012\n', 'x = 0o1238\n', 'x = 0xfg\n', 'x = 1_000_\n',
    'x = 5_j\n', 'x = 0_7\n', 'x = 08\n', 'x = 0 1\n', 'x = 1__\n', 'x = 0b_\n', 'x = 0o_\n', 'x = 0_b1\n',
    'x = 1 if 1else\n', 'x = [0x1for x in y]\n', 'x = 1in y\n', 'x = 1or 2\n', 'x = 0x1and 2\n', 'x = 1is 1\n',
    'x = 1_000_000.0_\n', 'x = 1.e_1\n', 'x = 1e1_\n', 'x = 0e\n', 'x = 09\n', 'x = 0b1e5\n', 'x = 0o7.5\n', 'x = 0x1.5\n',
    # ---- strings: valid ----
    "x = 'a'\nx = \"b\"\nx = '''c'''\nx = \"\"\"d\"\"\"\nx = r'\\d'\nx = R'\\d'\nx = b'e'\nx = B'e'\nx = u'f'\nx = U'f'\n",
    "x = rb'a'\nx = br'a'\nx = Rb'a'\nx = bR'a'\nx = RB'a'\nx = BR'a'\nx = rB'a'\nx = Br'a'\n",
    "x = f'a'\nx = F'a'\nx = fr'a'\nx = rf'a'\nx = Fr'a'\nx = fR'a'\nx = RF'a'\nx = FR'a'\nx = rF'a'\nx = Rf'a'\n",
    "x = '\\N{BULLET}\\N{LATIN SMALL LETTER A}\\x41\\u0041\\U00000041\\101\\0\\7\\a\\b\\f\\n\\r\\t\\v\\\\\\'\\\"'\n",
    "x = '\\q\\d\\w \\8 \\9'\n",
    "x = 'a\\\nb'\nx = '''a\nb'''\nx = b'\\x00\\xff\\777'\n",
    "x = 'a' 'b' \"c\" '''d''' r'e' f'g'\nx = b'a' b'b' rb'c'\n",
    "x = '\\400'\n",
    "x = \"it's\" 'say \"hi\"'\n",
    # ---- strings: invalid ----
    "x = 'abc\n", "x = \"abc\n", "x = '''abc\n", "x = 'abc\\\n", "x = 'a\nb'\n",
    "x = bu'a'\n", "x = ub'a'\n", "x = fb'a'\n", "x = bf'a'\n", "x = uf'a'\n", "x = ur'a'\n",
    "x = rr'a'\n", "x = bb'a'\n", "x = abc'a'\n", "x = c'a'\n", "x = rbf'a'\n",
    "x = '\\N{NOT A REAL NAME}'\n", "x = '\\N{BULLET'\n", "x = '\\N'\n", "x = '\\x'\n", "x = '\\x4g'\n",
    "x = '\\u123'\n", "x = '\\U0011ffff'\n", "x = b'\\N{BULLET}'\n", "x = b'\\u0041'\n", "x = b'caf\u00e9'\n",
    "x = 'a' b'b'\n", "x = b'a' 'b'\n", "x = f'a' b'b'\n",
    "x = 'a'\ny = 'b\n", "x = \"\"\"abc\n\ny = 1\n",
    # ---- f-strings ----
    "x = f'{1}{2!r}{3!s}{4!a}{5:>10}{6:{7}}{8!r:^{9}.{10}}'\n",
    "x = f'{x=}{x = }{x=!s}{x=:>5}{x =!r:^9}'\n",
    "x = f'{{}}{{{1}}}}}'\n",
    "x = f\"{'a'}{\"b\" if 0 else 'c'}\"\n",
    "x = f'''{'a'}{\"b\"}{\"\"\"c\"\"\" if 1 else 2}'''\n",
    "x = f'{f\"{1}\"}'\n",
    "x = f'{ {1: 2}[1] }{ [1][0] }{(lambda: 1)()}'\n",
    "x = f'{x:{y}{z}}'\n",
    "x = f'{x!r:{y}}'\n",
    "x = f'{1:}'\n",
    "x = f'{x:=10}'\n",
    "x = f'''{\nx\n}'''\n",
    "x = f'{x # c}'\n", "x = f'{}'\n", "x = f'{ }'\n", "x = f'{x!}'\n", "x = f'{x!z}'\n",
    "x = f'{x!r=}'\n", "x = f'{x=!}'\n", "x = f'{'\n", "x = f'}'\n", "x = f'{x'\n",
    "x = f'{x!r'\n", "x = f'{x:'\n", "x = f'{x:{'\n", "x = f'{x:{y}'\n", "x = f'{x:{y:{z:{w}}}}'\n",
    "x = f'{a b}'\n", "x = f'{)}'\n", "x = f'{]}'\n", "x = f'{(}'\n", "x = f'{\\'a\\'}'\n",
    "x = f'{\"a\"}'\n", "x = f'{'a'}'\n", "x = f'{x:\\n}'\n", "x = f'{yield}'\n", "x = f'{*x}'\n",
    "x = f'{x:{*y}}'\n", "x = f'{lambda x: 1}'\n", "x = f'{x := 1}'\n", "x = f'{(x := 1)}'\n",
    "x = f'{x!s:{y!r}}'\n", "x = f'{x}}'\n", "x = f'{{x}'\n", "x = f'{=}'\n", "x = f'{!r}'\n", "x = f'{:x}'\n",
    "x = f'{x:{y=}}'\n", "x = f'{3!r:}'\n", "x = f'{x!r :>3}'\n", "x = f'{x! r}'\n",
    # ---- common statement-level errors ----
    'if x\n    pass\n', 'while x\n    pass\n', 'for x in y\n    pass\n', 'def f()\n    pass\n', 'class C\n    pass\n',
    'with x\n    pass\n', 'try\n    pass\nexcept:\n    pass\n', 'try:\n    pass\nexcept E\n    pass\n', 'elif x:\n    pass\n',
    'x = (1, 2\ny = 3\n', 'x = [1, 2\n', 'f(1, 2\n', 'x = {1: 2\n', 'x = (1, 2]\n', 'x = )\n', 'x = ]\n', 'x = }\n',
    'def f():\npass\n', 'if x:\n    a\n  b\n', 'if x:\n        a\n    b\n', '  x = 1\n', 'if x:\n\ta\n        b\n',
    'x = 1\n    y = 2\n', 'def f():\n    x = 1\n        y = 2\n',
    'f() = 1\n', '1 = x\n', '"s" = x\n', 'x + 1 = 2\n', 'a, b + 1 = 1, 2\n', '[a, 1] = x\n', '(a, *b, 1) = x\n',
    'f() += 1\n', 'a, b += 1\n', '[a] += 1\n', '1 += 1\n', 'x.y() += 1\n', '(a) += 1\n', 'None += 1\n',
    'del f()\n', 'del 1\n', 'del a + b\n', 'del (a, 1)\n', 'del [a, f()]\n', 'del *a\n', 'del None\n',
    'for f() in x: pass\n', 'for 1 in x: pass\n', 'with x as f(): pass\n', 'with x as 1: pass\n',
    'x = yield = 1\n', 'None = 1\n', 'True = 1\n', '__debug__ = 1\n', 'def f(__debug__): pass\n', 'x.__debug__ = 1\n',
    'lambda: (yield)\n', 'x = lambda: (yield)\n',
    'return\n', 'return 1\n', 'yield\n', 'yield 1\n', 'class C:\n    return 1\n', 'class C:\n    yield\n',
    'x = [(yield) for y in z]\n', 'def f():\n    x = [(yield) for y in z]\n', 'def f():\n    x = {a: (yield) for a in z}\n',
    'await x\n', 'def f():\n    await x\n',
    'break\n', 'continue\n', 'if x:\n    break\n', 'def f():\n    break\n', 'for x in y:\n    def g():\n        break\n',
    'while x:\n    class C:\n        continue\n', 'try:\n    pass\nfinally:\n    break\n',
    'for x in y:\n    try:\n        pass\n    finally:\n        continue\n',
    'nonlocal x\n', 'def f():\n    nonlocal x\n', 'def f(x):\n    nonlocal x\n', 'def f():\n    x = 1\n    def g():\n        global x\n        nonlocal x\n',
    'def f():\n    global x\n    global x\n', 'def f(x):\n    global x\n', 'def f():\n    x = 1\n    global x\n',
    'def f():\n    print(x)\n    global x\n', 'def f():\n    x: int\n    global x\n', 'class C:\n    nonlocal x\n',
    'def f():\n    def g():\n        nonlocal y\n',
    'def f():\n    y = 1\n    def g():\n        y = 2\n        nonlocal y\n',
    'x = *a\n', '*a = 1\n', 'a, *b, *c = d\n', 'print(*)\n', 'x = [*]\n', '*a, = b\n', 'x = (*a)\n', 'f(**)\n',
    'del *a, b\n', 'for *a in b: pass\n', 'x = *a, *b\n', 'return *a\n', 'x = {**a: 1}\n', 'x = {*a: 1}\n', 'f(*a=1)\n',
    'f(a=1, a=2)\n', 'f(a, a=1, a=2)\n', 'f(a=1, b)\n', 'f(**a, b)\n', 'f(**a, *b)\n', 'f(a=1, *b)\n', 'f(x for x in y, 1)\n',
    'f(1, x for x in y)\n', 'f(a.b=1)\n', 'f(1=2)\n', 'f(True=1)\n', 'f(f()=1)\n', 'f(a, b=)\n', 'class C(x for x in y): pass\n',
    'def f(a, a): pass\n', 'def f(a=1, b): pass\n', 'def f(*, a, a): pass\n', 'def f(**a, b): pass\n', 'def f(*a, *b): pass\n',
    'def f(a, /, a): pass\n', 'lambda a, a: 1\n', 'def f(*): pass\n', 'def f(*, **k): pass\n', 'def f(/): pass\n', 'def f(a, *, /): pass\n',
    'import a.b as\n', 'from x import\n', 'from x import a,\n', 'from x import (a, b\n', 'from . import *, a\n', 'import *\n',
    'from x import a as b.c\n', 'def f():\n    from x import *\n',
    'x = 1 +\n', 'x = 1 2\n', 'x = a b\n', 'print "hi"\n', 'print x\n', 'exec "x"\n', 'x = <>\n', 'x <> y\n', 'x = 1 ++\n',
    'a = b = \n', 'x = (1 2)\n', 'x = [1 2]\n', 'x = {1 2}\n', 'x = {1: 2 3: 4}\n', 'f(a b)\n', 'x = a if b\n', 'x = a if b else\n',
    'if x = 1:\n    pass\n', 'while x = 1:\n    pass\n', 'if x.y = 1: pass\n', 'f(x for x in y if z = 1)\n', 'x = [a for a in b if c = d]\n',
    '[x for x in]\n', '[x for in y]\n', '[for x in y]\n', '(x for x in y\n', 'x = {a: b for a in}\n',
    'else:\n    pass\n', 'except:\n    pass\n', 'finally:\n    pass\n', 'try:\n    pass\n', 'try:\n    pass\nx = 1\n',
    'try:\n    pass\nexcept:\n    pass\nexcept E:\n    pass\n', 'try:\n    pass\nexcept E, F:\n    pass\n',
    'try:\n    pass\nelse:\n    pass\n', 'try:\n    pass\nfinally:\n    pass\nelse:\n    pass\n',
    '@\ndef f(): pass\n', '@x\n', '@x\nx = 1\n', 'def f(x) -> : pass\n', 'def f:\n    pass\n', 'def (): pass\n', 'class (): pass\n',
    'class C(: pass\n', 'x = a.\n', 'x = a.1\n', 'x = a[]\n', 'x = a[1:2:3:4]\n', 'x = a[1,]\n', 'x = (a := 1, b := 2)\n',
    'a := 1\n', '(a.b := 1)\n', '(a[0] := 1)\n', '((a, b) := 1)\n', '[x := 1 for x in y]\n', 'def f(x=(y := 1)): pass\n',
    'class C:\n    [(y := 1) for x in z]\n', '[i for i in (j := range(3))]\n',
    'x = 1; ; y = 2\n', 'x = 1;;\n', ';\n', 'x = 1 \\ y\n', 'x = 1 \\\n', '\\\n', 'x = $\n', 'x = ?\n', 'x = `a`\n', 'x = a!\n',
    'x = 1\ny = 2 \u20ac\n', 'x\u00a0= 1\n', 'x = 1\n\x0cy = 2\n', 'x = "\x00"\n',
    'if True:\n    pass\n  else:\n    pass\n', 'for x in range(3):\nprint(x)\n', 'class A:\n    def f(self):\n    pass\n',
    'def f(x):\n    return x\n  y = 1\n', 'while True print(1)\n', 'x = 5 +* 3\n', 'x = 5 */ 3\n', 'x = not\n', 'x = -\n',
    'assert\n', 'raise from x\n', 'raise x from\n', 'global\n', 'del\n', 'import\n', 'pass pass\n', 'x = lambda x: yield\n',
    'x = 1 if True else 2 if\n', 'x = [1, 2, 3,,]\n', 'f(,)\n', 'x = (,)\n', 'x = {,}\n',
]

os.makedirs('/tmp/gen/sf', exist_ok=True)
out = []
for src in cases:
    with open('/tmp/gen/sf/f.py', 'w') as fh:
        fh.write(src)
    # File mode, as errs.py: a program that compiles runs (and fails on its undefined
    # names, which counts as compiling).
    r = subprocess.run(['python3', 'f.py'], capture_output=True, text=True, cwd='/tmp/gen/sf',
                       env={'PYTHONPATH': '/tmp/gen/site', 'PATH': os.environ['PATH']})
    line = r.stderr.strip().splitlines()[-1] if r.stderr.strip() else ''
    if not line or not ('Error' in line.split(' ')[0]):
        out.append((src, None))
        continue
    name, rest = line.split(' ', 1)
    args = ast.literal_eval(rest)
    msg = args[0]
    _, lineno, offset, _, end_lineno, end_offset = args[1]
    eo = end_offset if end_offset is not None and end_offset > 0 else 0
    # A file's SyntaxError counts columns in bytes; Tiercel (like compile()) in characters.
    lines = src.split('\n')
    def chars(line, off):
        if off <= 0 or not line or line > len(lines):
            return off
        return len(lines[line - 1].encode()[:off - 1].decode(errors='ignore')) + 1
    offset, eo = chars(lineno, offset or 0), chars(end_lineno or 0, eo)
    out.append((src, (name, msg, lineno or 0, offset or 0, end_lineno or 0, eo)))
def rs(text):
    """A Rust string literal."""
    out = []
    for c in text:
        if c == '\\': out.append('\\\\')
        elif c == '"': out.append('\\"')
        elif c == '\n': out.append('\\n')
        elif c == '\t': out.append('\\t')
        elif c == '\r': out.append('\\r')
        elif ord(c) < 32 or ord(c) == 127: out.append('\\u{%x}' % ord(c))
        else: out.append(c)
    return '"' + ''.join(out) + '"'


print("// Generated by testgen/syntax.py (CPython 3.11 compiling each program): (source,")
print("// Some((class, msg, line, offset, end_line, end_offset))) or None when it compiles.")
print("#[rustfmt::skip]")
print("#[allow(clippy::type_complexity, reason = \"a generated table\")]")
print("pub(super) const SYNTAX_CASES: &[(&str, Option<(&str, &str, u32, u32, u32, u32)>)] = &[")
for src, r in out:
    if r is None:
        print("    (%s, None)," % rs(src))
    else:
        print("    (%s, Some((%s, %s, %d, %d, %d, %d)))," % (rs(src), rs(r[0]), rs(r[1]), r[2], r[3], r[4], r[5]))
print("];")
