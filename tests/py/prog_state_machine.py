# a traffic-light / turnstile style finite state machine with a transition table
class InvalidTransition(Exception):
    def __init__(self, state, event):
        super().__init__(f"no transition from {state!r} on {event!r}")
        self.state, self.event = state, event
class Machine:
    def __init__(self, table, start):
        self.table = table
        self.state = start
        self.history = [start]
    def fire(self, event):
        key = (self.state, event)
        if key not in self.table:
            raise InvalidTransition(self.state, event)
        new, action = self.table[key]
        if action:
            action(self)
        self.state = new
        self.history.append(new)
        return self
coins = []
table = {
    ("locked", "coin"): ("unlocked", lambda m: coins.append(1)),
    ("locked", "push"): ("locked", None),
    ("unlocked", "push"): ("locked", None),
    ("unlocked", "coin"): ("unlocked", lambda m: coins.append(1)),
}
m = Machine(table, "locked")
for ev in ["push", "coin", "coin", "push", "push", "coin"]:
    m.fire(ev)
print(m.state, m.history, len(coins))
try:
    m.fire("kick")
except InvalidTransition as e:
    print(type(e).__name__, e, e.state, e.event)
def parse_number(s):
    state = "start"
    for ch in s:
        if state == "start":
            state = "sign" if ch in "+-" else "int" if ch.isdigit() else "err"
        elif state in ("sign", "int"):
            state = "int" if ch.isdigit() else "dot" if ch == "." and state == "int" else "err"
        elif state in ("dot", "frac"):
            state = "frac" if ch.isdigit() else "err"
        if state == "err":
            return False
    return state in ("int", "frac")
print([(s, parse_number(s)) for s in ["12", "-3.5", "+", "1.", ".5", "4.2.1", "", "007"]])
