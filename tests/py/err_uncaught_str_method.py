# uncaught exception raised from inside __str__ while printing
class Report:
    def __init__(self, rows):
        self.rows = rows
    def __str__(self):
        return "\n".join(self.fmt(r) for r in self.rows)
    def fmt(self, row):
        name, value = row
        return f"{name}: {value:.2f}"
print(Report([("a", 1.5), ("b", 2)]))
print(Report([("c", "three")]))
