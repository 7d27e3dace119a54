# properties in subclasses: overriding, extending setter, read-only computed
class Person:
    def __init__(self, first, last):
        self.first = first
        self.last = last
    @property
    def name(self):
        return f"{self.first} {self.last}"
    @name.setter
    def name(self, value):
        self.first, _, self.last = value.partition(" ")
class Employee(Person):
    def __init__(self, first, last, title):
        super().__init__(first, last)
        self.title = title
    @property
    def name(self):
        return f"{self.title} {super().name}"
    @name.setter
    def name(self, value):
        Person.name.fset(self, value)
p = Person("Ada", "Lovelace")
e = Employee("Grace", "Hopper", "Adm.")
print(p.name, "|", e.name)
e.name = "Alan Turing"
p.name = "Single"
print(e.name, e.first, e.last, "|", p.name, repr(p.last))
class Box:
    def __init__(self):
        self._items = []
    @property
    def count(self):
        return len(self._items)
    @property
    def items(self):
        return tuple(self._items)
b = Box()
b._items.extend([1, 2])
print(b.count, b.items)
try:
    b.count = 5
except AttributeError as e:
    print(type(e).__name__, e)
print(isinstance(Person.name, property), Employee.name is Person.name, Person.name.fset is not None)
