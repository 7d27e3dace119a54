from . import __name__ as parent_name

loaded_by = parent_name


def helper(x):
    return f"helper({x})"
