# single inheritance, overriding, super() with 0 and 2 args
class Animal:
    kind = "animal"
    def __init__(self, name):
        self.name = name
    def speak(self):
        return f"{self.name} makes a sound"
    def describe(self):
        return f"{self.name} is a {self.kind}: {self.speak()}"
class Dog(Animal):
    kind = "dog"
    def __init__(self, name, breed):
        super().__init__(name)
        self.breed = breed
    def speak(self):
        return f"{self.name} barks"
class Puppy(Dog):
    def speak(self):
        return super().speak() + " softly"
class Cat(Animal):
    def speak(self):
        return super(Cat, self).speak() + " (meow)"
for a in [Animal("generic"), Dog("rex", "lab"), Puppy("bit", "pug"), Cat("tom")]:
    print(a.describe())
p = Puppy("x", "y")
print(isinstance(p, Dog), isinstance(p, Animal), isinstance(p, Cat), issubclass(Puppy, Animal), issubclass(Animal, Dog))
print(Puppy.__bases__[0].__name__, Puppy.__mro__[1].__name__, [c.__name__ for c in Puppy.__mro__], p.breed)
class A:
    def who(self):
        return "A"
class B(A):
    def who(self):
        return "B>" + super().who()
class C(B):
    def who(self):
        return "C>" + super(B, self).who()
print(C().who(), B().who())
class Base:
    def __init__(self):
        self.log = ["base"]
class Derived(Base):
    pass
print(Derived().log)
class NoInit(Base):
    def __init__(self):
        self.log = ["no super call"]
print(NoInit().log)
print(issubclass(bool, int), issubclass(int, object), issubclass(Dog, (Cat, Animal)), isinstance(3, (str, int)))
try:
    issubclass(3, int)
except TypeError as e:
    print(type(e).__name__, e)
try:
    isinstance(3, 4)
except TypeError as e:
    print(type(e).__name__, e)
