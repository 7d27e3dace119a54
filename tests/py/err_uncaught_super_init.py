# uncaught TypeError from a wrong super().__init__ call in a subclass
class Base:
    def __init__(self, name, size):
        self.name = name
        self.size = size
class Child(Base):
    def __init__(self, name):
        super().__init__(name)
        self.kind = "child"
def build(kind):
    return Base("b", 1) if kind == "base" else Child("c")
print(build("base").name)
print(build("child").name)
