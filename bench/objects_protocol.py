# User classes that implement Python's protocols, used the way application code uses them:
# value objects with __eq__/__hash__ as dict keys and set members, __lt__ for sorting and
# heapq, a container class with __len__/__getitem__/__contains__/__iter__, __repr__, a
# dataclass, and calls with keyword arguments and *args. Exercises special-method dispatch
# from the interpreter and from builtins (sorted, set, dict, hash, len, in).
import heapq
from dataclasses import dataclass


class Money:
    __slots__ = ("cents", "cur")

    def __init__(self, cents, cur="EUR"):
        self.cents = cents
        self.cur = cur

    def __eq__(self, other):
        return isinstance(other, Money) and self.cents == other.cents and self.cur == other.cur

    def __hash__(self):
        return hash((self.cents, self.cur))

    def __lt__(self, other):
        return (self.cur, self.cents) < (other.cur, other.cents)

    def __add__(self, other):
        return Money(self.cents + other.cents, self.cur)

    def __bool__(self):
        return self.cents != 0

    def __repr__(self):
        return f"Money({self.cents}, {self.cur!r})"


class Ledger:
    def __init__(self):
        self._rows = []

    def add(self, *rows, check=True):
        for r in rows:
            if check and not r.amount:
                continue
            self._rows.append(r)

    def __len__(self):
        return len(self._rows)

    def __getitem__(self, i):
        return self._rows[i]

    def __contains__(self, amount):
        for r in self._rows:
            if r.amount == amount:
                return True
        return False

    def __iter__(self):
        return iter(self._rows)


@dataclass
class Row:
    account: str
    amount: Money
    seq: int = 0


def build(n, seed):
    x = seed
    ledger = Ledger()
    for i in range(n):
        x = (x * 1103515245 + 12345) & 0x7FFFFFFF
        cur = ("EUR", "USD", "GBP")[x % 3]
        ledger.add(Row(account=f"acct{x % 97}", amount=Money(x % 5000 - 100, cur), seq=i),
                   check=True)
    return ledger


def summarize(ledger):
    totals = {}
    for row in ledger:
        key = (row.account, row.amount.cur)
        if key in totals:
            totals[key] = totals[key] + row.amount
        else:
            totals[key] = row.amount
    distinct = set(r.amount for r in ledger)
    top = heapq.nsmallest(5, (r.amount for r in ledger))
    ordered = sorted(ledger[i].amount for i in range(0, len(ledger), 3))
    probes = sum(1 for c in range(0, 400, 37) if Money(c, "USD") in ledger)
    same = sum(1 for i in range(1, len(ledger)) if ledger[i].amount == ledger[i - 1].amount)
    return len(totals), len(distinct), top[0], ordered[len(ordered) // 2], probes, same


def main():
    out = []
    for rnd in range(12):
        ledger = build(12000, rnd + 1)
        out.append(summarize(ledger))
    print(len(out), out[0], out[-1])
    checksum = sum(a + b + c.cents + d.cents + e + f for a, b, c, d, e, f in out)
    print("objects_protocol", checksum)


main()
