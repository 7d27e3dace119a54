# uncaught NameError raised while executing a class body
def helper():
    return undefined_helper_value
print("defining class")
class Config:
    name = "cfg"
    size = len(name)
    derived = helper()
print("not reached")
