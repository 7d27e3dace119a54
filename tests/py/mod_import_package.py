# Imports of a package beside the script: submodules, relative imports (one and two levels),
# import ... as, from-imports of submodules, __all__ and import *, circular imports, the
# module attributes and sys.modules.
import sys

import importable
import importable.shapes.circle as circle_mod
from importable import util, helper
from importable.shapes import Shape, circle
from importable.shapes.circle import Circle, info

print(importable.VERSION, importable.loaded, helper(3), util.loaded_by)
print(circle_mod is circle, circle.Circle is Circle, issubclass(Circle, Shape))
c = Circle(2)
print(c.area(), c.describe(), info())
print(importable.shapes.area_of(c), importable.shapes.circle.info()[1])
print(importable.__name__, importable.__package__, util.__package__, circle.__name__)
print(circle.__package__, hasattr(importable, "__path__"), hasattr(util, "__path__"))
print(sorted(k for k in sys.modules if k.startswith("importable")))
print(importable.__file__.endswith("__init__.py"), util.__file__.endswith("util.py"))

from importable.shapes import *

print(area_of(c), "Shape" in dir(), "_private" in dir())

from importable import circ_a, circ_b

print(circ_a.A, circ_a.B_SEEN, circ_b.B, circ_b.EARLY_ERROR)


def late_import():
    import importable.shapes.base as b
    from importable import guarded

    return b.Shape.sides, guarded.ran


print(late_import(), __name__)
import importable.guarded

print(importable.guarded.ran, sys.modules["importable.guarded"] is importable.guarded)
