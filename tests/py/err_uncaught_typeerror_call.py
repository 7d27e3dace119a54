# uncaught TypeError from a bad call signature
def connect(host, port, *, timeout=10):
    return f"{host}:{port} ({timeout}s)"
def setup(args):
    return connect(*args)
print(setup(["example", 80]))
print(setup(["example"]))
