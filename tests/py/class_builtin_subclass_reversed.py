# reversed() and %-formatting of instances of builtin container subclasses.
class D(dict):
    pass


class L(list):
    pass


class T(tuple):
    pass


class RL(list):
    def __reversed__(self):
        return iter("own")


print(list(reversed(D(a=1, b=2, c=3))), list(reversed(L([1, 2, 3]))))
print(list(reversed(RL([1]))), list(reversed(T((4, 5)))))
print("%s-%r" % T((1, "x")), "%s" % (T((1, 2)),))
try:
    "%s %s %s" % T((1, 2))
except TypeError as e:
    print(type(e).__name__, e)
