# The search and insertion run natively (`_bisect`), as CPython's `_bisect` does them.
from _bisect import bisect_left, bisect_right, insort_left, insort_right

bisect = bisect_right
insort = insort_right
