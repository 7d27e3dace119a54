# exception raised in finally replaces the original
def banner(title):
    rule = "-" * min(len(title), 40)
    print(rule)
    print(title)
    print(rule)
banner('err_uncaught_in_finally')
def work():
    try:
        print("working")
        raise ValueError("original")
    finally:
        print("cleanup")
        cleanup_result = [][0]
work()
