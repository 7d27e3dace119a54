import json, sys
cases = [
'1abc', '0x1g', '1_', '1__0', '0777', '0b12', '1e', '1.e5x', 'x = 0o', 'x = 0o8', 'x = 0b', 'x = 0x_', 'x = 1e+', 'x = .5e',
'x = "abc', 'x = """abc\n\n', 'x = """abc\n', 'x = """abc', 'x = "ab\\\ncd', "x = b'abc",
'if x:\n  a\n b\n', 'if x:\n  a\n bcd = 5\n', '  x\n', 'x = 1\n    y = 2\n', 'if x:\n\tpass\n        pass\n', 'if x:\n  a\n\tb\n',
'if x:\npass\n', 'if x:', 'if x:\n', 'if x:\n\n', 'class A:\nx', 'if x:\n  pass\nelse:\nx', 'try:\n  pass\nexcept:\nx',
'try:\n  pass\nfinally:\nx', 'def f():\nx', 'for x in y:\nx', 'while x:\nx', 'with x:\nx', 'try:\nx', 'if x:\n  pass\nelif y:\nx',
'x = (1,\n', 'x = )', 'x = (]', 'x = (\n]', 'x = (1 +', 'x = [1, 2', 'x = (a \n b', 'x = (1,\n\n', 'x = {',
'a \u20ac b', 'a\u00a0b', '\u20ac', 'ab\u20accd = 1',
'x = 1 +\n', 'x = 1 +', 'x =', 'a = b = ', 'x = 1 $ 2', 'x = 1 ? 2', 'x = `a`', 'x = !a', 'x = 1 2',
'if x\n  pass', 'while x\n  pass', 'if x:\n  a\nelse b', 'def f:\n pass', 'class A\n  pass', 'for x in y\n  pass', 'with a\n  pass', 'try\n  pass',
'f() = 1', '1 = x', 'x + 1 = 2', '(a, 1) = x', 'a, f() = 1', 'f() = x = 1', 'x = f() = 1', 'a.b.c = 1 = 2', '[x for x in y] = 1',
'(x for x in y) = 1', 'x = (yield) = 1', 'def f(): x = yield = 1', 'None = 1', 'x, None = 1', 'a < b = 1', 'not a = 1', 'a if b else c = 1', 'lambda: 1 = 1',
'del f()', 'del 1', 'del (a, f())', 'del *a', 'for 1 in x: pass', 'for f() in x: pass', 'with a as 1: pass', '[x for 1 in y]',
'f() += 1', '(a, b) += 1', '[a] += 1', 'a + b += 1',
'(x, y): int', 'a + b: int', '[a]: int',
'return 1', 'while 1:\n  pass\nbreak', 'continue', 'yield 1', 'class C:\n  return 1', 'class C:\n  yield 1', '[(yield x) for x in y]', 'def f():\n  [(yield x) for x in y]',
'def f():\n  {(yield x) for x in y}', 'def f():\n  ((yield x) for x in y)',
'for x in y:\n  pass\n  continue\ndef f():\n  for x in y:\n    def g(): continue\n',
'def f(x, x): pass', 'lambda x, x: 1', 'def f(a=1, b): pass', 'def f(*): pass', 'def f(*, **k): pass', 'def f(**k, a): pass', 'def f(a, /, b, /): pass', 'def f(/): pass', 'def f(*a, *b): pass', 'def f(**a, *b): pass',
'f(a=1, b)', 'f(**a, *b)', 'f(**d, e)', 'f(x=1, x=2)', 'f(1 for x in y, )', 'f(a, x for x in y)', 'f(True=1)', 'f(a.b=1)',
'def f():\n  global x\n  x = 1\n  global x', 'def f(x):\n  global x', 'nonlocal x', 'def f():\n  nonlocal x', 'def f():\n  x = 1\n  global x', 'def f():\n  print(x)\n  global x',
'def f(x):\n  nonlocal x', 'def f():\n  x = 1\n  def g():\n    global x\n    nonlocal x',
'x = *a', '*a = 1', 'a, *b, *c = d', '[*a, *b] = c', 'print(*a, **b, c=1)',
'x = 1 if 2', 'x = 1 if 2 else', 'import a.b as', 'from x import *, a', 'from x import a,', 'try:\n  pass\n', 'try:\n  pass\nx = 1',
'[a b]', 'f(a b)', '(1 2)', '{a b}', 'f(a, b c)',
'x = "a" b"b"',
"x = '\\x4'", "x = 'ab\\x4'", "x = '\\u12'", "x = '\\U1234'", "x = '\\N'", "x = b'\\x4'", "x = '\\U00110000'",
"f'{'", "f'{}'", "f'{x!z}'", "f'}'", "f'{x'", "f'{x:{y:{z}}}'", "f'{a b}'", "f'{#}'", "f'{x!r'", "f'{)}'", "f'{x:'",
'x = 1\ny = 2\nz = (3,\n', 'x = (1,\ny = 2\n', 'foo(\n  a,\n  b c,\n)\n', 'x = (\n1 2\n',
'async def f(): pass', 'match x:\n  case 1: pass\n', 'x = 1j', 'await x',
'@dec\n', 'def f(): x = ', 'x = [\n', 'print(f"{x!}")', 'x = 0777 + (', 'if x:\n  a = (\n', 'x = "abc\ny = (',
'try:\n  pass\nexcept:\n  pass\nexcept ValueError:\n  pass\n', 'except ValueError:\n  pass', 'else:\n  pass', 'x = a.1', 'x = 1.a',
'def f():\n  from m import *', 'def f():\n  x = 1\n  nonlocal x', 'class A:\n  [y := 1 for x in z]', '[x := 1 for x in y]', '[y for x in (y := z)]',
'x = 1 +\ny = 2', 'import', 'from', 'from . import', 'x.', 'x[', 'x[]', 'lambda x=1, y: x', 'def f(a, b=1, *, c, d=2, e): pass', 'class C(x for x in y): pass',
'except A, B:\n  pass', 'x = {1: 2, 3}', 'def f()\n  pass', 'print("x"', 'if x == 1\n  pass', 'else if x:\n  pass', 'x = 5 +* 3', 'def f(x):\nreturn x', 'class A:\n  def __init__(self):\n  pass', "x = 'it's'", 'a = 1\n  b = 2', 'while True print(1)', 'lambda x: yield x', 'f(**)', 'x[1:2:3:4]', "x = {'a': 1 'b': 2}", 'd = {1: 2,, 3: 4}', 'def f(x=1, /, y): pass', 'f(x,, y)', '(x for x in y', '"abc".format(}', 'del x,', 'with open(f) as g h:\n  pass', 'try:\n  pass\nexcept Exception, e:\n  pass', 'raise E, "msg"', 'x <> y', 'print >>sys.stderr, "x"', 'x = 08', "f'{x!}'", 'global x = 1', 'async', 'x = yield', 'class A: x = yield', 'def f(): yield = 1', '[x for x in]', '{**x for x in y}', '[*x for x in y]', 'a, b += 1', '(a, b): int = 1', 'x: int, y: int = 1, 2', 'def f(a, *, b, **kw, c): pass', 'lambda *: 1', 'f(*)', 'import a as b.c', 'from .. import', 'x = (yield from)', 'if x:\n    pass\n  else:\n    pass', '\tif x:\n\t\tpass', 'for x in range(10):\nprint(x)', 'x = [1, 2 3]', 'foo(1, 2 3)', 'x = 1 +\n2', 'def f(a, a=1): pass', 'class A(metaclass=M, metaclass=N): pass', 'f(a=1, a=2)', 'x = {1: 2 for x in y for}', 'x = not', 'a = b = c = ', 'if True:\n    x = 1\n   y = 2', 'x = (1, 2]', 'x = [1, 2)', 'x = {1: 2)', 'def f():\n    """doc\n', 'x = 1\n\n\n    \n  y', 'x = $y', 'x = a ? b : c', 'x++', 'x = 1; ; y = 2', 'import a.b.', 'from a import b.c', 'def f(x:int=1, *args:int, y:int, **kw:int) -> int: pass', 'def f() -> : pass', 'class A(): pass\nclass B(,): pass', 'f(,)', '@\ndef f(): pass', '@x y\ndef f(): pass', 'x = 1 if else 2', 'x = [i for i in range(3) if]', 'try:\n  pass\nexcept:\n  pass\nfinally:\n  pass\nelse:\n  pass', 'while x:\n  pass\nelif y:\n  pass', 'x = """', 'x = r"\\"', "x = b'\\u1234'", 'x = 1_000_', 'x = 1e5e5', 'x = 0b', 'x = 0xfor', 'x = 1.2.3', 'x = ..5', 'if x = 1:\n  pass', 'while x = 1: pass', '[a = 1]', '(a, b = 1)', '{a = 1}', 'if x.y = 1: pass', 'if f() = 1: pass', 'def f((a, b)): pass', 'def f(a, (b, c)): pass', 'if x = y = 1: pass', 'x = 1 + # c\n', 'if x # c\n  pass', 'x = 1 + \\\n # c\n', '"abc" if x:\n  pass', 'a < b: int', 'try:\n    x = 1\n*   y\n', 'def f():\n  x\n y\nz = (', 'def f():\n  x\n y\nz = "', "print 'x'", 'print x, y', 'exec "code"', 'print -1', 'print (1) 2', 'x = print 1', 'print f(x)', 'if x:\n    print "a"\n', 'x = {1:}', 'x = {1: 2, 3: }', 'x = {a, b: 1}', 'x = {**a, b}', 'try:\n  pass\nexcept A, B:\n  pass', 'a = 1 = 2', 'x = yield = 1', '(a := 1) = 2', 'a.b := 1', 'x := 1', '(a.b := 1)',
# async:
'def f():\n  await x', 'lambda: await x', 'class C:\n  await x',
 'async for x in y: pass', 'def f():\n  async for x in y: pass', 'async with x: pass', 'def f():\n  async with x: pass',
 '[x async for x in y]', 'def f():\n  return [x async for x in y]', 'def f():\n  return (x async for x in y)',
 '[await x for x in y]', '(await x for x in y)', 'async def f():\n  yield from x',
 'async def f():\n  yield 1\n  return 2', 'async def f():\n  return 2\n  yield 1', 'async def f():\n  return\n  yield 1',
 'async def f():\n  [[x async for x in y] for z in w]', '[[x async for x in y] for z in w]',
 'async def f():\n  x = lambda: await y', 'async x', 'async def f(): await await x', 'async def f():\n  async x',
 'def f():\n  x = 1 +\n  await y', 'async def f():\n  return 2\n  yield 1\n  await_ = await', 'async def f():\n  for x in y:\n    pass\n  [x async for x in y]\n  return 1\n  yield',
 'def f():\n  break\n  await x', 'async def f():\n  await x = 1', 'async def f():\n  if await x = 1: pass',
]
import subprocess, os, ast
os.makedirs('/tmp/gen/ef', exist_ok=True)
out = []
for src in cases:
    # The oracle is `python3 f.py` (file mode), which differs from compile() for errors at
    # the end of the input (column 0 there).
    with open('/tmp/gen/ef/f.py', 'w') as fh:
        fh.write(src)
    r = subprocess.run(['python3', 'f.py'], capture_output=True, text=True, cwd='/tmp/gen/ef', env={'PYTHONPATH': '/tmp/gen/site', 'PATH': os.environ['PATH']})
    line = r.stderr.strip().splitlines()[-1] if r.stderr.strip() else ''
    if not line or not ('Error' in line.split(' ')[0]):
        out.append((src, None))
        continue
    name, rest = line.split(' ', 1)
    args = ast.literal_eval(rest)
    msg = args[0]
    if len(args) > 1 and args[1] is not None:
        _, lineno, offset, _, end_lineno, end_offset = args[1]
    else:
        lineno = offset = end_lineno = end_offset = 0
    eo = end_offset if end_offset is not None and end_offset > 0 else 0
    out.append((src, (name, msg, lineno or 0, offset or 0, end_lineno or 0, eo)))
print("// Generated by running `python3 f.py` (CPython 3.11): (source, Some((class, msg, line, offset, end_line, end_offset))).")
print("#[rustfmt::skip]")
print("#[allow(clippy::type_complexity, reason = \"a generated table\")]")
print("pub(super) const ERROR_CASES: &[(&str, Option<(&str, &str, u32, u32, u32, u32)>)] = &[")
for src, r in out:
    if r is None:
        print("    (%s, None)," % json.dumps(src, ensure_ascii=False))
    else:
        print("    (%s, Some((%s, %s, %d, %d, %d, %d)))," % (json.dumps(src, ensure_ascii=False), json.dumps(r[0]), json.dumps(r[1], ensure_ascii=False), r[2], r[3], r[4], r[5]))
print("];")
