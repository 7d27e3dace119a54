# NameError for a free variable of a closure referenced before assignment
def make():
    def show():
        return f"value is {computed_payload}"
    print("calling before assignment")
    result = show()
    computed_payload = 42
    return result
make()
