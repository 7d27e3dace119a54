# The program's own module: `import __main__` and `sys.modules['__main__']`.
import sys
import __main__

X = 5
print(sys.modules["__main__"] is __main__, __main__.X, __main__.__name__)
__main__.Y = 7
print(Y, type(__main__).__name__, "X" in dir(__main__))
