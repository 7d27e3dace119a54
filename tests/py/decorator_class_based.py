# class-based decorators using __call__, decorators that take arguments
class CountCalls:
    def __init__(self, fn):
        self.fn = fn
        self.calls = 0
    def __call__(self, *args, **kwargs):
        self.calls += 1
        return self.fn(*args, **kwargs)
@CountCalls
def greet(name):
    return f"hi {name}"
print(greet("a"), greet("b"), greet.calls, type(greet).__name__)
class Retry:
    def __init__(self, times):
        self.times = times
    def __call__(self, fn):
        def wrapper(*a):
            last = None
            for attempt in range(1, self.times + 1):
                try:
                    return fn(attempt, *a)
                except ValueError as e:
                    print(f"  attempt {attempt} failed: {e}")
                    last = e
            raise RuntimeError(f"gave up after {self.times}") from last
        return wrapper
@Retry(3)
def flaky(attempt, x):
    if attempt < 3:
        raise ValueError(f"not yet ({x})")
    return x * 10
print(flaky(4))
@Retry(2)
def hopeless(attempt):
    raise ValueError("never")
try:
    hopeless()
except RuntimeError as e:
    print(type(e).__name__, e, "| cause:", repr(e.__cause__))
def validate(**types):
    def deco(fn):
        def wrapper(**kwargs):
            for k, t in types.items():
                if not isinstance(kwargs.get(k), t):
                    raise TypeError(f"{k} must be {t.__name__}")
            return fn(**kwargs)
        return wrapper
    return deco
@validate(n=int, s=str)
def rep(n, s):
    return s * n
print(rep(n=3, s="ab"))
try:
    rep(n="3", s="ab")
except TypeError as e:
    print(type(e).__name__, e)
