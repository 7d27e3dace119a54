# uncaught exception with implicit context (During handling ...)
def load(data, key):
    try:
        return data[key]
    except KeyError:
        raise RuntimeError(f"cannot load {key!r}")
def main():
    data = {"a": 1}
    print(load(data, "a"))
    print(load(data, "b"))
main()
