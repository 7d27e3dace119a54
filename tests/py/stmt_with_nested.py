# nested with statements, exceptions in __enter__, ordering of exits
class Tracker:
    log = []
    def __init__(self, name, fail_enter=False, suppress=False):
        self.name, self.fail_enter, self.suppress = name, fail_enter, suppress
    def __enter__(self):
        if self.fail_enter:
            Tracker.log.append(f"enter-fail {self.name}")
            raise RuntimeError(f"cannot enter {self.name}")
        Tracker.log.append(f"enter {self.name}")
        return self.name
    def __exit__(self, et, ev, tb):
        Tracker.log.append(f"exit {self.name} {et.__name__ if et else '-'}")
        return self.suppress
with Tracker("a") as a, Tracker("b") as b, Tracker("c") as c:
    Tracker.log.append(f"body {a}{b}{c}")
print(Tracker.log)
Tracker.log = []
try:
    with Tracker("x"), Tracker("y", fail_enter=True), Tracker("z"):
        Tracker.log.append("body")
except RuntimeError as e:
    print("caught", e)
print(Tracker.log)
Tracker.log = []
with Tracker("outer", suppress=True):
    with Tracker("inner"):
        raise KeyError("k")
    Tracker.log.append("not reached")
print(Tracker.log)
Tracker.log = []
def f():
    for i in range(3):
        with Tracker(f"loop{i}"):
            if i == 1:
                return "returned in with"
print(f(), Tracker.log)
