# bare raise re-raises after logging; traceback points at original
import sys
def parse(s):
    return float(s)
def safe_parse(s):
    try:
        return parse(s)
    except ValueError:
        print("failed to parse", repr(s), file=sys.stderr)
        raise
print(safe_parse("1.5"))
print(safe_parse("one"))
