# custom exception hierarchies with __init__ and __str__
class AppError(Exception):
    pass
class ConfigError(AppError):
    def __init__(self, key, reason="missing"):
        super().__init__(key, reason)
        self.key = key
        self.reason = reason
    def __str__(self):
        return f"config key {self.key!r}: {self.reason}"
class ValidationError(AppError, ValueError):
    pass
class HttpError(AppError):
    def __init__(self, code):
        self.code = code
    def __str__(self):
        return f"HTTP {self.code}"
    def __repr__(self):
        return f"HttpError<{self.code}>"
errs = [ConfigError("port"), ConfigError("host", "bad format"), ValidationError("negative"), HttpError(404), AppError()]
for err in errs:
    try:
        raise err
    except ConfigError as e:
        print("config:", e, e.key, e.args)
    except ValueError as e:
        print("value:", e, isinstance(e, AppError))
    except AppError as e:
        print("app:", type(e).__name__, str(e), repr(e), e.args)
class WithDefault(Exception):
    def __init__(self, msg="default message"):
        super().__init__(msg)
try:
    raise WithDefault
except WithDefault as e:
    print(e, repr(e))
class NoSuper(Exception):
    def __init__(self, a, b):
        self.a = a
try:
    raise NoSuper(1, 2)
except NoSuper as e:
    print(repr(e), str(e), e.args, e.a)
class Retry(Exception):
    attempts = 0
def flaky():
    Retry.attempts += 1
    if Retry.attempts < 3:
        raise Retry(Retry.attempts)
    return "ok after " + str(Retry.attempts)
while True:
    try:
        print(flaky())
        break
    except Retry as r:
        print("retry", r)
print(issubclass(ValidationError, ValueError), ValidationError.__mro__[1].__name__)
