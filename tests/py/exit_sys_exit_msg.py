# sys.exit with a message: printed to stderr, status 1
import sys
print("about to fail")
try:
    pass
finally:
    print("finally runs first")
sys.exit("fatal: configuration missing")
