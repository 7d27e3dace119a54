import subprocess, json, os
cases = [
"x = (1,\n",
"x = 1 +\n",
"if x:\n    y = (1 2)\n",
"    x = 1\n",
"if x:\npass\n",
"def f():\n    return f() = 1\n",
"f() = 1\n",
"x = \"abc\n",
"x = '''abc\n\ndef\n",
"if x:\n  a\n b\n",
"if x:\n\tpass\n        pass\n",
"x = a b c\n",
"foo(a, b\n    c)\n",
"x = 1\ny = (1,\n     2,\n     3 4)\n",
"return 1\n",
"def f(x, x):\n    pass\n",
"        x = [1, 2\n",
"x = $\n",
"try:\n    pass\n",
"class C:\n    def f(self)\n        pass\n",
"x = 0777\n",
"print(f'{a b}')\n",
"del f()\n",
"x = 1 if 2\n",
"for x in range(10):\n    pass\ncontinue\n",
"def f():\n    nonlocal q\n",
"x = (\n    1,\n    2\n",
"\tx = 1\n",
"x = 'a' b'b'\n",
"a, *b, *c = d\n",
"f(**k, *a)\n",
"x = {1: 2, 3}\n",
"if True:\n    x = (1,\n",
"s = 'abc' \\\n    'def\n",
]
out = []
for i, src in enumerate(cases):
    with open('f.py', 'w') as fh:
        fh.write(src)
    r = subprocess.run(['python3', 'f.py'], capture_output=True, text=True)
    out.append((src, r.stderr.replace(os.getcwd() + '/', '')))
print("// Generated from `python3 f.py` (CPython 3.11): (source, stderr).")
print("pub(super) const RENDER_CASES: &[(&str, &str)] = &[")
for src, err in out:
    print("    (%s, %s)," % (json.dumps(src), json.dumps(err)))
print("];")
