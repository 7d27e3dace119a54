# raise SystemExit(3) directly; finally blocks run
def main():
    try:
        print("in main")
        raise SystemExit(3)
    finally:
        print("cleanup in finally")
main()
