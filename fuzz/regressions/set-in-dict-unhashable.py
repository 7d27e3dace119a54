# `set() in a_dict` raises TypeError (unhashable); only a set (not a dict or its keys view)
# retries the lookup with a frozenset. The generic `in` retried for dicts too and answered
# False, so tier 1's specialized dict `in` and the generic one disagreed.
pairs = {"(": ")", "[": "]"}
for container in (pairs, pairs.keys(), {frozenset({1}), 2}):
    for probe in (set(), {1}, [], {}):
        try:
            print(type(container).__name__, probe in container)
        except TypeError as e:
            print(type(container).__name__, "TypeError", e)


def balanced(s):
    found = 0
    for ch in s:
        try:
            if set() in pairs:
                found += 1
        except TypeError:
            found -= 1
    return found


print(balanced("[(}" * 50))
