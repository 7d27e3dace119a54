# return/break/continue inside try and finally
def ret_finally():
    try:
        return "try"
    finally:
        print("finally runs before return")
print(ret_finally())
def override():
    try:
        return "try"
    finally:
        return "finally"
print(override())
def swallow():
    try:
        raise ValueError("lost")
    finally:
        return "swallowed"
print(swallow())
def loop_break():
    out = []
    for i in range(5):
        try:
            if i == 2:
                break
            out.append(i)
        finally:
            out.append(f"f{i}")
    return out
print(loop_break())
def loop_continue():
    out = []
    for i in range(4):
        try:
            if i % 2:
                continue
            out.append(i)
        finally:
            out.append("f")
    return out
print(loop_continue())
def break_in_finally():
    for i in range(3):
        try:
            raise KeyError(i)
        finally:
            break
    return i
print(break_in_finally())
def continue_in_finally():
    n = 0
    for i in range(3):
        try:
            raise ValueError
        finally:
            n += 1
            continue
    return n
print(continue_in_finally())
def nested():
    log = []
    try:
        try:
            log.append("a")
            return log
        finally:
            log.append("inner f")
    finally:
        log.append("outer f")
print(nested())
def value_at_return():
    x = 1
    try:
        return x
    finally:
        x = 2
print(value_at_return())
def while_finally():
    i = 0
    while True:
        try:
            i += 1
            if i == 3:
                return i
        finally:
            print("iter", i)
print(while_finally())
