# `import __main__` gives the running script's module, whose namespace is the globals.
import sys
import __main__

value = 10
print(__main__.__name__, __main__.value)
print(repr(__main__).startswith("<module '__main__'"))
print(sys.modules["__main__"] is __main__)
__main__.added = "via module"
print(added)
del __main__.added
print("added" in globals())

import __main__ as again
print(again is __main__)
from __main__ import value as v
print(v)
