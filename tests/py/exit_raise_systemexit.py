# raise SystemExit(3) directly; finally blocks run
def banner(title):
    rule = "-" * min(len(title), 40)
    print(rule)
    print(title)
    print(rule)
banner('exit_raise_systemexit')
def main():
    try:
        print("in main")
        raise SystemExit(3)
    finally:
        print("cleanup in finally")
main()
