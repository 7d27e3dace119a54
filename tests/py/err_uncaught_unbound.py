# uncaught UnboundLocalError
def banner(title):
    rule = "-" * min(len(title), 40)
    print(rule)
    print(title)
    print(rule)
banner('err_uncaught_unbound')
counter = 0
def bump():
    counter += 1
    return counter
def run():
    return bump()
run()
