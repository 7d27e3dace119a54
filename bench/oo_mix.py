# An inventory and event system written the way application code uses classes: constructors
# with keyword arguments and defaults, super().__init__ chains three levels deep, properties,
# classmethod/staticmethod factories, a container class with __getitem__/__setitem__/__len__/
# __contains__/__iter__ and an iterator class with __next__, value objects with __eq__/__hash__
# as dict keys and set members, a vector class with __add__/__mul__/__radd__, __repr__/__str__
# through f-strings and str(), isinstance dispatch, a dataclass, a namedtuple and __slots__.
from collections import namedtuple
from dataclasses import dataclass

Stamp = namedtuple("Stamp", "day hour")


class Vec:
    __slots__ = ("x", "y")

    def __init__(self, x=0, y=0):
        self.x = x
        self.y = y

    def __add__(self, other):
        return Vec(self.x + other.x, self.y + other.y)

    def __radd__(self, other):
        if other == 0:
            return self
        return NotImplemented

    def __mul__(self, k):
        return Vec(self.x * k, self.y * k)

    def __eq__(self, other):
        return isinstance(other, Vec) and self.x == other.x and self.y == other.y

    def __hash__(self):
        return hash((self.x, self.y))

    def __repr__(self):
        return f"Vec({self.x}, {self.y})"


class Item:
    count = 0

    def __init__(self, name, price, qty=1, *, tags=()):
        self.name = name
        self._price = price
        self.qty = qty
        self.tags = tags
        Item.count += 1

    @property
    def price(self):
        return self._price

    @price.setter
    def price(self, value):
        if value < 0:
            raise ValueError("negative price")
        self._price = value

    def total(self):
        return self._price * self.qty

    def weight(self):
        return self.qty

    def __str__(self):
        return f"{self.name}x{self.qty}"

    @classmethod
    def parse(cls, text):
        name, price, qty = text.split(":")
        return cls(name, int(price), qty=int(qty))

    @staticmethod
    def key_of(item):
        return item.name


class Tool(Item):
    def __init__(self, name, price, qty=1, *, tags=(), power=10):
        super().__init__(name, price, qty, tags=tags)
        self.power = power

    def weight(self):
        return self.qty * 2 + self.power // 5


class PowerTool(Tool):
    def __init__(self, name, price, qty=1, *, volts=18, **kw):
        super().__init__(name, price, qty, **kw)
        self.volts = volts

    def weight(self):
        return super().weight() + self.volts // 6

    def total(self):
        return super().total() + self.volts


@dataclass
class Event:
    kind: str
    item: str
    qty: int = 1
    where: Vec = None


class Shelf:
    def __init__(self, label):
        self.label = label
        self._slots = {}

    def __getitem__(self, key):
        return self._slots[key]

    def __setitem__(self, key, item):
        self._slots[key] = item

    def __len__(self):
        return len(self._slots)

    def __contains__(self, key):
        return key in self._slots

    def __iter__(self):
        return ShelfIter(list(self._slots.values()))

    def __repr__(self):
        return f"Shelf({self.label!r}, {len(self)})"


class ShelfIter:
    def __init__(self, items):
        self.items = items
        self.i = 0

    def __iter__(self):
        return self

    def __next__(self):
        i = self.i
        if i >= len(self.items):
            raise StopIteration
        self.i = i + 1
        return self.items[i]


def make_item(i, r):
    kind = r % 3
    if kind == 0:
        return Item(f"bolt{i}", 3 + r % 7, qty=1 + r % 4, tags=("small",))
    if kind == 1:
        return Tool(f"saw{i}", 20 + r % 11, 1 + r % 2, power=5 + r % 20)
    return PowerTool(f"drill{i}", 60 + r % 13, qty=1, volts=12 + 6 * (r % 3), power=r % 40)


def describe(item):
    if isinstance(item, PowerTool):
        return 3
    if isinstance(item, Tool):
        return 2
    if isinstance(item, Item):
        return 1
    return 0


def run(n, seed):
    r = seed
    shelves = [Shelf(f"s{k}") for k in range(4)]
    events = []
    for i in range(n):
        r = (r * 1103515245 + 12345) & 0x7FFFFFFF
        item = make_item(i, r >> 4)
        pos = Vec(r % 61, (r >> 5) % 53)
        shelves[i % 4][pos] = item
        events.append(Event("put", item.name, qty=item.qty, where=pos))
        if r % 5 == 0:
            item.price = item.price + 1
    value = 0
    weight = 0
    kinds = [0, 0, 0, 0]
    names = 0
    for shelf in shelves:
        for item in shelf:
            value += item.total()
            weight += item.weight()
            kinds[describe(item)] += 1
            names += len(str(item))
    hits = 0
    centre = sum([Vec(1, 2), Vec(3, 4), Vec(5, 6)])
    for e in events:
        p = e.where
        if p in shelves[0]:
            hits += shelves[0][p].qty
        if p * 2 + centre in shelves[1]:
            hits += 1
    seen = set(e.where for e in events)
    stamps = {}
    for k, e in enumerate(events):
        s = Stamp(k % 7, k % 24)
        stamps[s] = stamps.get(s, 0) + e.qty
    parsed = [Item.parse(f"nut{k}:{k % 9}:{k % 5 + 1}") for k in range(n // 8)]
    best = max(parsed, key=Item.key_of)
    text = f"{shelves[2]!r} {best} {str(centre)}"
    return value, weight, kinds, names, hits, len(seen), len(stamps), len(text)


def main():
    out = []
    for rnd in range(12):
        out.append(run(6000, rnd + 7))
    print(out[0])
    print(out[-1])
    checksum = 0
    for value, weight, kinds, names, hits, seen, stamps, text in out:
        checksum += value + weight + kinds[1] * 3 + kinds[3] + names + hits + seen + stamps + text
    print("items", Item.count)
    print("oo_mix", checksum)


main()
