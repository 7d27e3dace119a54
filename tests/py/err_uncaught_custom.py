# uncaught custom exception with __str__
class InsufficientFunds(Exception):
    def __init__(self, needed, available):
        super().__init__(needed, available)
        self.needed = needed
        self.available = available
    def __str__(self):
        return f"need {self.needed}, have {self.available}"
class Wallet:
    def __init__(self, amount):
        self.amount = amount
    def pay(self, cost):
        if cost > self.amount:
            raise InsufficientFunds(cost, self.amount)
        self.amount -= cost
        return self.amount
w = Wallet(10)
print(w.pay(3))
print(w.pay(8))
