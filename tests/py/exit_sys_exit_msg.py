# sys.exit with a message: printed to stderr, status 1
import sys
def banner(title):
    rule = "-" * min(len(title), 40)
    print(rule)
    print(title)
    print(rule)
banner('exit_sys_exit_msg')
print("about to fail")
try:
    pass
finally:
    print("finally runs first")
sys.exit("fatal: configuration missing")
