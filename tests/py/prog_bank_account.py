# bank account class hierarchy with custom exceptions
class BankError(Exception):
    pass
class InsufficientFunds(BankError):
    def __init__(self, account, amount):
        super().__init__(account.owner, amount)
        self.account = account
        self.amount = amount
    def __str__(self):
        return f"{self.account.owner}: cannot withdraw {self.amount}, balance {self.account.balance}"
class FrozenAccount(BankError):
    pass
class Account:
    interest = 0.0
    _next_id = 1
    def __init__(self, owner, balance=0):
        self.owner = owner
        self.balance = balance
        self.history = []
        self.id = Account._next_id
        Account._next_id += 1
        self.frozen = False
    def deposit(self, amount):
        if amount <= 0:
            raise ValueError("deposit must be positive")
        self._check()
        self.balance += amount
        self.history.append(("dep", amount))
        return self
    def withdraw(self, amount):
        self._check()
        if amount > self.balance:
            raise InsufficientFunds(self, amount)
        self.balance -= amount
        self.history.append(("wd", amount))
        return self
    def _check(self):
        if self.frozen:
            raise FrozenAccount(f"account {self.id} is frozen")
    def month_end(self):
        gained = round(self.balance * self.interest, 2)
        self.balance = round(self.balance + gained, 2)
        return gained
    def __repr__(self):
        return f"{type(self).__name__}(#{self.id}, {self.owner!r}, {self.balance})"
class Savings(Account):
    interest = 0.02
    def withdraw(self, amount):
        if len([h for h in self.history if h[0] == "wd"]) >= 2:
            raise BankError("savings: withdrawal limit reached")
        return super().withdraw(amount)
class Checking(Account):
    def __init__(self, owner, balance=0, overdraft=100):
        super().__init__(owner, balance)
        self.overdraft = overdraft
    def withdraw(self, amount):
        self._check()
        if amount > self.balance + self.overdraft:
            raise InsufficientFunds(self, amount)
        self.balance -= amount
        self.history.append(("wd", amount))
        return self
def transfer(src, dst, amount):
    try:
        src.withdraw(amount)
    except BankError as e:
        print("transfer failed:", type(e).__name__, e)
        return False
    dst.deposit(amount)
    return True
a = Savings("ann", 1000)
b = Checking("bob", 50)
c = Account("cy")
print(a, b, c)
print(transfer(a, b, 200), transfer(b, c, 300), transfer(b, c, 100), transfer(a, c, 1))
print(transfer(a, c, 1))
c.frozen = True
print(transfer(b, c, 1) if False else transfer(c, a, 1))
try:
    a.deposit(-5)
except ValueError as e:
    print(type(e).__name__, e)
for acct in (a, b, c):
    print(acct, acct.month_end(), acct.history)
print(sorted([a, b, c], key=lambda x: x.balance))
print(isinstance(InsufficientFunds(a, 1), BankError), issubclass(FrozenAccount, Exception))
