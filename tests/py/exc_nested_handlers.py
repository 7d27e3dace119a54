# nested try blocks, exceptions in handlers, catching by tuple and base class
def classify(v):
    try:
        try:
            return 10 // v
        except ZeroDivisionError:
            print("  inner: zero")
            raise ValueError("zero not allowed")
        finally:
            print("  inner finally", v)
    except (ValueError, TypeError) as e:
        print("  outer caught", type(e).__name__, e)
        return None
    finally:
        print("  outer finally", v)
for v in [2, 0, "x"]:
    print(classify(v))
def multi():
    errors = []
    for op in [lambda: [][1], lambda: {}["k"], lambda: 1 / 0, lambda: int("z"), lambda: None.attr, lambda: undefined_name_q]:
        try:
            op()
        except LookupError as e:
            errors.append(("lookup", type(e).__name__))
        except ArithmeticError as e:
            errors.append(("arith", type(e).__name__))
        except (ValueError, AttributeError) as e:
            errors.append(("value/attr", type(e).__name__))
        except Exception as e:
            errors.append(("other", type(e).__name__))
    return errors
print(multi())
try:
    try:
        raise KeyError("a")
    except KeyError:
        raise
    finally:
        print("finally during propagation")
except KeyError as e:
    print("propagated", e)
def exc_var_cleared():
    try:
        raise ValueError("v")
    except ValueError as err:
        pass
    try:
        return err
    except UnboundLocalError as e:
        return "cleared: " + type(e).__name__
print(exc_var_cleared())
