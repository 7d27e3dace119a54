# sys.exit inside nested calls with a with statement
import sys
class Guard:
    def __enter__(self):
        print("enter")
    def __exit__(self, *exc):
        print("exit", exc[0].__name__)
        return False
def deep(n):
    if n == 0:
        with Guard():
            sys.exit(42)
    deep(n - 1)
print("start")
deep(3)
