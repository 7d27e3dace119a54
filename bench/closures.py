# Closures as scripts use them: counters with `nonlocal`, callbacks registered in a dict and
# dispatched by name, decorators that wrap functions, partial application by nested
# functions, and `lambda` keys for `sorted`. Exercises cell loads and stores, calls of
# closures and of wrappers with *args, and small lambdas.


def make_counter(step):
    count = 0

    def bump():
        nonlocal count
        count += step
        return count

    return bump


def make_adder(k):
    return lambda x: x + k


def compose(f, g):
    def h(x):
        return f(g(x))

    return h


def logged(fn):
    calls = [0]

    def wrapper(*args):
        calls[0] += 1
        return fn(*args)

    wrapper.calls = calls
    return wrapper


@logged
def mix(a, b):
    return (a * 31 + b) & 0xFFFF


def make_handlers():
    handlers = {}

    def on(name):
        def register(fn):
            handlers[name] = fn
            return fn

        return register

    state = {"sum": 0, "max": 0}

    @on("add")
    def add(v):
        state["sum"] += v

    @on("peak")
    def peak(v):
        if v > state["max"]:
            state["max"] = v

    @on("both")
    def both(v):
        add(v)
        peak(v)

    return handlers, state


def run_counters(n):
    counters = [make_counter(s) for s in range(1, 6)]
    total = 0
    for i in range(n):
        total += counters[i % 5]()
    return total


def run_pipeline(n):
    f = compose(make_adder(3), compose(make_adder(-1), make_adder(7)))
    total = 0
    for i in range(n):
        total = mix(total, f(i))
    return total + mix.calls[0]


def run_events(n):
    handlers, state = make_handlers()
    names = ("add", "peak", "both")
    seed = 12345
    for i in range(n):
        seed = (seed * 1103515245 + 12345) & 0x7FFFFFFF
        handlers[names[seed % 3]](seed % 1000)
    return state["sum"] + state["max"]


def run_sorts(n):
    total = 0
    words = [(i * 7919) % 997 for i in range(200)]
    for r in range(n):
        key = make_adder(r)
        ordered = sorted(words, key=lambda w: (key(w) % 101, w))
        total += ordered[0] + ordered[-1]
    return total


def main():
    print(
        "closures",
        run_counters(600000),
        run_pipeline(300000),
        run_events(400000),
        run_sorts(300),
    )


main()
