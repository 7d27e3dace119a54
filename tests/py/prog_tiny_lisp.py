# a tiny Lisp interpreter: reader, environment, special forms, closures
class LispError(Exception):
    pass
def tokenize(s):
    return s.replace("(", " ( ").replace(")", " ) ").split()
def read(tokens):
    if not tokens:
        raise LispError("unexpected EOF")
    t = tokens.pop(0)
    if t == "(":
        lst = []
        while tokens and tokens[0] != ")":
            lst.append(read(tokens))
        if not tokens:
            raise LispError("missing )")
        tokens.pop(0)
        return lst
    if t == ")":
        raise LispError("unexpected )")
    try:
        return int(t)
    except ValueError:
        return t
class Env(dict):
    def __init__(self, params=(), args=(), outer=None):
        super().__init__(zip(params, args))
        self.outer = outer
    def find(self, name):
        if name in self:
            return self
        if self.outer is None:
            raise LispError(f"unbound symbol {name}")
        return self.outer.find(name)
def std_env():
    env = Env()
    env.update({"+": lambda *a: sum(a), "-": lambda a, b=None: -a if b is None else a - b,
                "*": lambda a, b: a * b, "<": lambda a, b: a < b, "=": lambda a, b: a == b,
                "list": lambda *a: list(a), "car": lambda l: l[0], "cdr": lambda l: l[1:],
                "null?": lambda l: l == []})
    return env
def evaluate(x, env):
    if isinstance(x, str):
        return env.find(x)[x]
    if isinstance(x, int):
        return x
    op, *args = x
    if op == "quote":
        return args[0]
    if op == "if":
        test, conseq, alt = args
        return evaluate(conseq if evaluate(test, env) else alt, env)
    if op == "define":
        env[args[0]] = evaluate(args[1], env)
        return None
    if op == "lambda":
        params, body = args
        return lambda *vals: evaluate(body, Env(params, vals, env))
    f = evaluate(op, env)
    return f(*[evaluate(a, env) for a in args])
env = std_env()
prog = """
(define fact (lambda (n) (if (< n 2) 1 (* n (fact (- n 1))))))
(fact 20)
(define fib (lambda (n) (if (< n 2) n (+ (fib (- n 1)) (fib (- n 2))))))
(fib 15)
(define len (lambda (l) (if (null? l) 0 (+ 1 (len (cdr l))))))
(len (list 1 2 3 4 5))
(define make-adder (lambda (k) (lambda (x) (+ x k))))
((make-adder 10) 32)
(quote (a b c))
(car (cdr (list 7 8 9)))
"""
tokens = tokenize(prog)
while tokens:
    r = evaluate(read(tokens), env)
    if r is not None:
        print(r)
for bad in ["(+ 1 undefined)", "(1 2", ")", "(car (list))"]:
    try:
        print(evaluate(read(tokenize(bad)), env))
    except (LispError, IndexError, TypeError) as e:
        print(type(e).__name__, e)
