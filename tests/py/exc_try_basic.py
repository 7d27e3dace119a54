# try/except/else/finally ordering
def run(kind):
    log = []
    try:
        log.append("try")
        if kind == "value":
            raise ValueError("v")
        if kind == "key":
            raise KeyError("k")
        if kind == "type":
            raise TypeError("t")
    except ValueError as e:
        log.append("except ValueError " + str(e))
    except (KeyError, IndexError) as e:
        log.append("except lookup " + repr(e))
    else:
        log.append("else")
    finally:
        log.append("finally")
    return log
for k in ["none", "value", "key"]:
    print(run(k))
try:
    run("type")
except TypeError as e:
    print("escaped:", e)
try:
    try:
        1 / 0
    except ZeroDivisionError:
        print("inner caught")
        raise ValueError("converted")
    finally:
        print("inner finally")
except ValueError as e:
    print("outer caught", e, type(e.__context__).__name__)
try:
    [][0]
except LookupError as e:
    print("LookupError catches", type(e).__name__)
try:
    {}["x"]
except Exception as e:
    print("Exception catches", type(e).__name__, e)
e = "before"
try:
    raise ValueError
except ValueError as e:
    print("bound", repr(e))
try:
    e
except NameError as ne:
    print(type(ne).__name__, ne)
try:
    raise ValueError
except:
    print("bare except")
