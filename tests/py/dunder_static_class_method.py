# Special methods defined as static or class methods are bound as the descriptors bind them
# when an operator, len() or a subscription calls them.


class Vec:
    @staticmethod
    def __neg__():
        return "neg (static)"

    @staticmethod
    def __mul__(other):
        return ("mul (static)", other)

    @classmethod
    def __add__(cls, other):
        return ("add (class)", cls.__name__, other)

    @classmethod
    def __len__(cls):
        return len(cls.__name__)

    @staticmethod
    def __getitem__(key):
        return key * 2


class Sub(Vec):
    pass


v = Vec()
print(v * 3)
print(v + 4)
print(Sub() + 5)
print(len(v), len(Sub()))
print(v["ab"], Sub()[21])
print(-v)
