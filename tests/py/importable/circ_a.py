A = "a"
from . import circ_b

B_SEEN = circ_b.B
