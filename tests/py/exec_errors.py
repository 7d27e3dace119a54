# Errors of exec, eval and compile: SyntaxError fields, argument checks, and exceptions
# raised by exec'd code (with its <string> frames in the traceback)
import traceback
cases = [("1;2", "eval"), ("x = (1,", "exec"), ("def f():\nreturn 1\n", "exec"), ("a b c", "exec"),
         ("  x=1", "exec"), ("return 5", "exec"), ("yield 1", "exec"), ("x = 1 +", "exec"),
         ("f(**)", "exec"), ("'abc", "exec"), ("a=1\nb=2", "single"), ("1 +\n", "eval"),
         ("x = = 2", "exec"), ("if True:\n    pass\n  else:\n    pass", "exec"), ("del 5", "exec"),
         ("(a, b) += 1", "exec"), ("lambda: (yield)", "eval"), ("class", "exec"), ("1 if 2", "eval")]
for src, mode in cases:
    try:
        compile(src, "<string>", mode)
        print("compiled", repr(src))
    except SyntaxError as e:
        print(type(e).__name__, repr(e.msg), e.filename, e.lineno, e.offset, "|", e)
        print("   ", isinstance(e, SyntaxError), e.args[0] == e.msg, e.args[1][:3])
try:
    exec("x = (")
except SyntaxError as e:
    print(traceback.format_exception_only(type(e), e))
s = SyntaxError("custom", ("file.py", 3, 5, "x y z\n", 3, 6))
print(s.msg, s.filename, s.lineno, s.offset, repr(s.text), s.end_lineno, s.end_offset, str(s))
print(SyntaxError("plain").lineno, str(SyntaxError("plain")), str(SyntaxError()), SyntaxError(1, 2, 3).msg)
print(traceback.format_exception_only(SyntaxError, s))
def attempt(label, f):
    try:
        print(label, repr(f()))
    except Exception as e:
        print(label, type(e).__name__, e)
attempt("exec int", lambda: exec(1))
attempt("eval int", lambda: eval(1))
attempt("exec globals list", lambda: exec("", []))
attempt("eval globals list", lambda: eval("", []))
attempt("eval globals int", lambda: eval("", 1))
attempt("exec locals int", lambda: exec("", {}, 1))
attempt("eval locals int", lambda: eval("1", {}, 1))
attempt("compile mode", lambda: compile("1", "s", "x"))
attempt("compile int", lambda: compile(1, "s", "exec"))
attempt("compile code", lambda: compile(compile("1", "s", "eval"), "s", "eval"))
attempt("compile flags", lambda: compile("1", "s", "eval", 1 << 30))
attempt("compile args", lambda: compile("1"))
attempt("exec kw", lambda: exec("1", globals={}))
attempt("eval kw", lambda: eval("1", globals={}))
attempt("exec none", lambda: exec())
attempt("exec many", lambda: exec("1", {}, {}, {}))
attempt("eval none", lambda: eval())
attempt("name", lambda: eval("undefined_name_q", {}, {}))
attempt("eval stmt", lambda: eval("x = 1"))
attempt("exec runtime", lambda: exec("1 / 0"))
attempt("eval runtime", lambda: eval("[][0]"))
def show(e):
    for fs in traceback.extract_tb(e.__traceback__):
        print("  ", fs.filename.rsplit("/", 1)[-1], fs.lineno, fs.name, repr(fs.line))
    print("  ", type(e).__name__, e)
try:
    exec("def g():\n    return 1 / 0\ng()")
except ZeroDivisionError as e:
    show(e)
try:
    eval(compile("{}['k']", "<made-up>", "eval"))
except KeyError as e:
    show(e)
