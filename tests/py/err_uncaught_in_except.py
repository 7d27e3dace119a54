# a second exception raised inside an except handler
def risky():
    return {}["missing"]
def handler():
    try:
        risky()
    except KeyError as e:
        print("handling", repr(e))
        return 1 / 0
handler()
