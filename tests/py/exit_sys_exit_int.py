# sys.exit with an integer status
import sys
def finish(code):
    print("exiting with", code)
    sys.exit(code)
try:
    sys.exit(0)
except SystemExit as e:
    print("caught SystemExit", e.code, repr(e))
finish(3)
print("not reached")
