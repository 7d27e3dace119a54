# An exception raised in exec'd code, uncaught: the traceback lists the <string> frames
# (without source lines) between the caller's
def outer(n):
    namespace = {"n": n}
    exec("def inner(k):\n    if k > 2:\n        raise ValueError('too deep: %d' % k)\n    return inner(k + 1)\nresult = inner(n)", namespace)
    return namespace["result"]
print("start")
outer(0)
print("not reached")
