VALUE = 1


def f(:
    pass
