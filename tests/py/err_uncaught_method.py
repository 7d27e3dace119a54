# uncaught AttributeError raised inside a method chain
class Account:
    def __init__(self, owner):
        self.owner = owner
    def describe(self):
        return self.owner.upper() + " " + self.format_balance()
    def format_balance(self):
        return f"{self.balance:.2f}"
class Bank:
    def __init__(self):
        self.accounts = [Account("ann")]
    def summary(self):
        return [a.describe() for a in self.accounts]
print("summary:")
print(Bank().summary())
