# A package the import programs of tests/py use (its modules are not programs).
VERSION = (1, 2)
from .util import helper

loaded = ["importable"]
