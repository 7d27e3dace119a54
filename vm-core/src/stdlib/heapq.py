# The heap operations run natively (`_heapq`), as CPython's `_heapq` does them.
from _heapq import heappush, heappop, heapify, heapreplace, heappushpop


def merge(*iterables, key=None, reverse=False):
    items = []
    for it in iterables:
        items.extend(it)
    return iter(sorted(items, key=key, reverse=reverse))


def nlargest(n, iterable, key=None):
    return sorted(iterable, key=key, reverse=True)[:max(n, 0)]


def nsmallest(n, iterable, key=None):
    return sorted(iterable, key=key)[:max(n, 0)]
