import sys
def hook(t, v, tb):
    if isinstance(v, SyntaxError):
        a = (v.msg, (v.filename, v.lineno, v.offset, v.text, v.end_lineno, v.end_offset))
        print(type(v).__name__, repr(a), file=sys.stderr)
    else:
        print("Other", repr(v), file=sys.stderr)
sys.excepthook = hook
