# __index__ results that are not usable indexes: a non-int, and an int too big for an index.
class Bad:
    def __index__(self):
        return 1.5
class Big:
    def __index__(self):
        return 2 ** 80
class Good:
    def __index__(self):
        return 1
for c in [Bad, Big, Good]:
    for e in ["[1, 2][c()]", "'ab'[c()]", "(1, 2)[c()]"]:
        try:
            print(eval(e))
        except Exception as ex:
            print(type(ex).__name__, ex)
