# assert with and without message
def check(x):
    assert x > 0, f"x must be positive, got {x}"
    return x
print(check(5))
try:
    check(-1)
except AssertionError as e:
    print(type(e).__name__, e, e.args)
try:
    assert False
except AssertionError as e:
    print(type(e).__name__, repr(e), e.args)
try:
    assert 1 == 2, ("tuple", "msg")
except AssertionError as e:
    print(e.args)
assert True, "never"
assert [1], "nonempty list is truthy"
try:
    assert [], "empty list"
except AssertionError as e:
    print(e)
count = 0
def side():
    global count
    count += 1
    return "msg"
assert True, side()
print("message not evaluated:", count)
