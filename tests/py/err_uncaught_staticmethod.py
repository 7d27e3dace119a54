# uncaught ValueError raised from a classmethod alternative constructor
class Date:
    def __init__(self, y, m, d):
        self.y, self.m, self.d = y, m, d
    @classmethod
    def parse(cls, text):
        y, m, d = text.split("-")
        return cls(int(y), int(m), int(d))
    def __repr__(self):
        return f"Date({self.y}, {self.m}, {self.d})"
print(Date.parse("2024-01-31"))
print(Date.parse("2024-01"))
