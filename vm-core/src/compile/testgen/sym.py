import symtable, json, types
SC = {1:'Local', 2:'GlobalExplicit', 3:'GlobalImplicit', 4:'Free', 5:'Cell'}
def codes(co, out):
    key = (co.co_name, co.co_firstlineno)
    assert key not in out, key
    out[key] = co
    for c in co.co_consts:
        if isinstance(c, types.CodeType): codes(c, out)
def dump(src):
    st = symtable.symtable(src, 'f', 'exec')
    cmap = {}
    codes(compile(src, 'f', 'exec'), cmap)
    lines = []
    def walk(t):
        kind = t.get_type()
        name = t.get_name()
        if kind == 'function':
            kind = {'lambda':'Lambda','listcomp':'Comprehension','setcomp':'Comprehension','dictcomp':'Comprehension','genexpr':'Comprehension'}.get(name, 'Function')
            if kind == 'Comprehension' or kind == 'Lambda': name = '<' + name + '>'
        else:
            kind = {'module':'Module','class':'Class'}[kind]
            if kind == 'Module': name = '<module>'
        syms = sorted((s.get_name(), SC[s._Symbol__scope]) for s in t.get_symbols())
        line = "%s %s: %s" % (kind, name, ", ".join("%s=%s" % x for x in syms))
        co = cmap.get((name, t.get_lineno()))
        if kind != 'Module' and co is not None:
            flags = []
            if co.co_flags & 0x20: flags.append('gen')
            if co.co_flags & 0x80: flags.append('coro')
            if co.co_flags & 0x200: flags.append('agen')
            if co.co_flags & 0x04: flags.append('varargs')
            if co.co_flags & 0x08: flags.append('varkw')
            if kind == 'Class':
                line += " | cells=%s" % (list(co.co_cellvars),)
            else:
                line += " | varnames=%s cells=%s frees=%s argc=%d posonly=%d kwonly=%d flags=%s" % (list(co.co_varnames), list(co.co_cellvars), list(co.co_freevars), co.co_argcount, co.co_posonlyargcount, co.co_kwonlyargcount, flags)
        elif kind != 'Module':
            line += " | ?"
        lines.append(line)
        for c in t.get_children(): walk(c)
    walk(st)
    return "\n".join(lines)
srcs = [
"class A:\n    __x = 1\n    def __m(self, __p):\n        __q = self.__x\n        return __p, __q, __dunder__\n    class __B:\n        __y = 2\n",
"class _:\n    __x = 1\n",
"class __A:\n    __x = 1\n    def f(self):\n        global __g\n        __g = 1\n",
"try:\n    pass\nexcept E as e:\n    def h(): pass\nelse:\n    def g(): pass\nfinally:\n    def k(): pass\n",
"def f(a):\n    try:\n        b = 1\n    except E as c:\n        d = 2\n    else:\n        e = 3\n    finally:\n        g = 4\n",
"def f(x, y):\n    def g():\n        return y, x, z\n    z = 1\n",
"x = 1\ndef f(a, b=1, /, c=2, *args, d, e=3, **kw):\n    y = a + x\n    return y\n",
"def outer():\n    x = 1\n    def inner():\n        nonlocal x\n        x += 1\n        return x\n    return inner\n",
"def f():\n    global g\n    g = 1\n    h = 2\n",
"class A:\n    x = 1\n    def m(self):\n        return super().m() + x\n",
"class A:\n    def m(self):\n        return __class__\n",
"def f():\n    x = 1\n    class C:\n        y = x\n        def g(self):\n            return x\n    return C\n",
"def f():\n    x = 1\n    class C:\n        x = 2\n        def g(self):\n            return x\n    return C\n",
"x = [i for i in range(10) if i]\ny = {k: v for k, v in d}\nz = {a for a in b}\nw = (c for c in d)\n",
"def f(n):\n    return [\n        [i * j for j in range(i)]\n            for i in range(n)]\n",
"def f(data):\n    if any((y := x) > 0 for x in data):\n        return y\n",
"[y := 1 for x in z]\n",
"def gen():\n    x = yield 1\n    yield from x\n",
"f = lambda a, *b, c=1, **d: a + b + c + d\n",
"async def f(x, *a):\n    y = await x\n    return [z async for z in y if await z]\n",
"async def g(n):\n    async with n as m:\n        async for i in m:\n            yield i\n    return\n",
"async def h(d):\n    a = [\n        [x async for x in d] for _ in d]\n    return a, (await x for x in d)\n",
"def k(d):\n    a = (await x for x in d)\n    return a, (x async for x in d)\n",
"def f():\n    return lambda: (yield)\n",
"def f(a):\n    def g():\n        def h():\n            return a\n        return h\n    return g\n",
"import os.path\nimport a.b as c\nfrom m import n, o as p\n",
"try:\n    pass\nexcept E as e:\n    pass\n",
"def f():\n    del x\n    for i in y: pass\n    with a as (b, c): pass\n",
"def f():\n    a = b\n    b = 1\n    print(c)\n",
"def f(x):\n    def g():\n        return x\n    x = 2\n    return g\n",
"class C:\n    def f(self):\n        def g():\n            return super()\n        return g\n",
"def f():\n    x: int = 1\n    y: str\n",
"def f(*, a, b=2):\n    pass\n",
"def f(a, /):\n    pass\n",
"def f():\n    a = [x for x in range(3)]\n    b = [lambda: x for x in range(3)]\n",
"def f():\n    x = 1\n    return [x + y for y in range(3)]\n",
"class C:\n    a = 1\n    b = [a for _ in range(3)]\n",
"def f():\n    import os\n    from sys import path as p\n    return os, p\n",
"x = 1\ndef f():\n    global x\n    def g():\n        return x\n    return g\n",
"def f():\n    def g():\n        return y\n    y = 1\n    class C:\n        def m(self):\n            nonlocal y\n            y = 2\n    return g, C\n",
]
print("// Generated from CPython 3.11's symtable module and code objects.")
print("pub(super) const SYMTABLE_CASES: &[(&str, &str)] = &[")
for s in srcs:
    print("    (%s, %s)," % (json.dumps(s), json.dumps(dump(s))))
print("];")
