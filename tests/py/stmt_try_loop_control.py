# break/continue/return inside try/except/else within loops
def scan(items):
    out = []
    for x in items:
        try:
            if x is None:
                continue
            v = 100 // x
        except ZeroDivisionError:
            out.append("div0")
            continue
        except TypeError:
            out.append("type")
            break
        else:
            out.append(v)
        finally:
            out.append(".")
    return out
print(scan([5, None, 0, 20, "s", 1]))
def first_valid(items):
    for x in items:
        try:
            return int(x)
        except ValueError:
            pass
    return None
print(first_valid(["a", "b", "42", "7"]), first_valid(["x"]))
i = 0
while True:
    try:
        i += 1
        if i < 3:
            continue
        break
    finally:
        print("finally", i)
print("i =", i)
class TransientError(Exception):
    pass
results = []
for attempt in range(5):
    try:
        if attempt < 2:
            raise TransientError(f"attempt {attempt}")
        results.append(f"ok on {attempt}")
        break
    except TransientError as e:
        results.append(str(e))
print(results, isinstance(TransientError(), Exception))
