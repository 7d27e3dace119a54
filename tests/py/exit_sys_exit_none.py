# sys.exit() and sys.exit(None) give status 0; SystemExit is not an Exception
import sys
try:
    sys.exit(7)
except Exception:
    print("not caught here")
except BaseException as e:
    print("BaseException caught", type(e).__name__, e.code)
try:
    raise SystemExit
except SystemExit as e:
    print("code", e.code)
print("bye")
sys.exit()
