# keys and items views are unhashable (set-like); values views hash by identity
inventory = {"bolts": 4, "nuts": 9}

for name, view in (("keys", inventory.keys()), ("items", inventory.items())):
    try:
        hash(view)
        print(name, "hashed")
    except TypeError as e:
        print(name, "TypeError:", e)

values = inventory.values()
print(type(hash(values)).__name__)
print(hash(values) == hash(values))

# as dict keys and set members
try:
    {inventory.keys(): 1}
except TypeError as e:
    print("dict key:", e)
try:
    {inventory.items()}
except TypeError as e:
    print("set member:", e)
lookup = {values: "values view"}
print(lookup[values])
print(len({values, values}))
