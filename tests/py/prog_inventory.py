# inventory management with dicts, sorting and validation
inventory = {}
log = []
def add_item(name, qty, price):
    if qty < 0 or price < 0:
        raise ValueError(f"invalid quantity/price for {name}")
    item = inventory.setdefault(name, {"qty": 0, "price": price})
    item["qty"] += qty
    item["price"] = price
    log.append(("add", name, qty))
def remove_item(name, qty):
    try:
        item = inventory[name]
    except KeyError:
        raise KeyError(f"unknown item {name}") from None
    if item["qty"] < qty:
        raise ValueError(f"only {item['qty']} {name} left")
    item["qty"] -= qty
    if item["qty"] == 0:
        del inventory[name]
    log.append(("remove", name, qty))
add_item("apple", 50, 0.5)
add_item("pear", 20, 0.75)
add_item("kiwi", 5, 1.2)
add_item("apple", 25, 0.45)
remove_item("kiwi", 5)
remove_item("pear", 3)
for op in [lambda: remove_item("mango", 1), lambda: remove_item("pear", 100), lambda: add_item("bad", -1, 1)]:
    try:
        op()
    except (KeyError, ValueError) as e:
        print(type(e).__name__, e)
for name, item in sorted(inventory.items()):
    print(f"{name:8} {item['qty']:4d} @ {item['price']:.2f} = {item['qty'] * item['price']:8.2f}")
print("value: %.2f" % sum(i["qty"] * i["price"] for i in inventory.values()))
print(log)
by_value = sorted(inventory, key=lambda n: inventory[n]["qty"] * inventory[n]["price"], reverse=True)
print(by_value, {k: v["qty"] for k, v in inventory.items() if v["qty"] > 18})
