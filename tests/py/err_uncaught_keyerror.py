# uncaught KeyError through nested function calls
def lookup(table, key):
    return table[key]
def resolve(name):
    config = {"host": "localhost", "port": 8080}
    return lookup(config, name)
def main():
    print("host =", resolve("host"))
    print("user =", resolve("user"))
main()
print("never reached")
