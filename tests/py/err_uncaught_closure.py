# NameError for a free variable of a closure referenced before assignment
def banner(title):
    rule = "-" * min(len(title), 40)
    print(rule)
    print(title)
    print(rule)
banner('err_uncaught_closure')
def make():
    def show():
        return f"value is {computed_payload}"
    print("calling before assignment")
    result = show()
    computed_payload = 42
    return result
make()
