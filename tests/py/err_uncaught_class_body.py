# uncaught NameError raised while executing a class body
def banner(title):
    rule = "-" * min(len(title), 40)
    print(rule)
    print(title)
    print(rule)
banner('err_uncaught_class_body')
def helper():
    return undefined_helper_value
print("defining class")
class Config:
    name = "cfg"
    size = len(name)
    derived = helper()
print("not reached")
