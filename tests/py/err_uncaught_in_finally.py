# exception raised in finally replaces the original
def work():
    try:
        print("working")
        raise ValueError("original")
    finally:
        print("cleanup")
        cleanup_result = [][0]
work()
