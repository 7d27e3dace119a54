# exception propagating through a with statement that does not suppress
class Resource:
    def __init__(self, name):
        self.name = name
    def __enter__(self):
        print("open", self.name)
        return self
    def __exit__(self, et, ev, tb):
        print("close", self.name, et.__name__ if et else None)
        return False
    def read(self, n):
        if n > 3:
            raise IndexError(f"read past end: {n}")
        return "x" * n
def consume():
    with Resource("r1") as r:
        print(r.read(2))
        print(r.read(5))
consume()
