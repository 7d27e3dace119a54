# uncaught user BaseException subclass is not caught by "except Exception"
class Abort(BaseException):
    pass
def step(i):
    if i == 2:
        raise Abort(f"aborted at step {i}")
    return i * i
def run():
    for i in range(5):
        try:
            print("step", i, step(i))
        except Exception as e:
            print("handled", e)
run()
