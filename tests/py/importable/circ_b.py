from . import circ_a

B = "b" + circ_a.A
try:
    from .circ_a import B_SEEN
except ImportError as e:
    EARLY_ERROR = str(e).split(" (")[0]
