# uncaught TypeError from a bad call signature
def banner(title):
    rule = "-" * min(len(title), 40)
    print(rule)
    print(title)
    print(rule)
banner('err_uncaught_typeerror_call')
def connect(host, port, *, timeout=10):
    return f"{host}:{port} ({timeout}s)"
def setup(args):
    return connect(*args)
print(setup(["example", 80]))
print(setup(["example"]))
