# import and from-import forms of built-in modules
import math
import sys, time
import random as rnd
from math import floor, ceil as CEIL
from random import seed, randint
print(math.floor(2.7), floor(2.7), CEIL(2.1), type(math).__name__, math.__name__, rnd.__name__)
seed(3)
x = randint(1, 1000)
rnd.seed(3)
print(x == rnd.randint(1, 1000))
def local_import():
    import math as m2
    from math import gcd
    return m2.factorial(5), gcd(8, 12)
print(local_import())
import math as again
print(again is math)
try:
    from math import no_such_name
except ImportError as e:
    print(type(e).__name__, e.name)
try:
    import no_such_module_xyz
except ImportError as e:
    print(type(e).__name__, e, isinstance(e, ModuleNotFoundError))
try:
    math.nope
except AttributeError as e:
    print(type(e).__name__, e)
