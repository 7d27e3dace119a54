# recursive-descent calculator with precedence, unary minus, and errors
class ParseError(Exception):
    pass
class Calc:
    def __init__(self, text):
        self.toks = self.lex(text)
        self.i = 0
    @staticmethod
    def lex(text):
        toks, i = [], 0
        while i < len(text):
            c = text[i]
            if c.isspace():
                i += 1
            elif c.isdigit() or c == ".":
                j = i
                while j < len(text) and (text[j].isdigit() or text[j] == "."):
                    j += 1
                toks.append(float(text[i:j]) if "." in text[i:j] else int(text[i:j]))
                i = j
            elif c in "+-*/()%^":
                toks.append(c)
                i += 1
            else:
                raise ParseError(f"bad character {c!r}")
        return toks
    def peek(self):
        return self.toks[self.i] if self.i < len(self.toks) else None
    def take(self):
        t = self.peek()
        self.i += 1
        return t
    def parse(self):
        v = self.expr()
        if self.peek() is not None:
            raise ParseError(f"unexpected {self.peek()!r}")
        return v
    def expr(self):
        v = self.term()
        while self.peek() in ("+", "-"):
            v = v + self.term() if self.take() == "+" else v - self.term()
        return v
    def term(self):
        v = self.factor()
        while self.peek() in ("*", "/", "%"):
            op = self.take()
            r = self.factor()
            v = v * r if op == "*" else v / r if op == "/" else v % r
        return v
    def factor(self):
        base = self.unary()
        if self.peek() == "^":
            self.take()
            return base ** self.factor()
        return base
    def unary(self):
        if self.peek() == "-":
            self.take()
            return -self.unary()
        if self.peek() == "(":
            self.take()
            v = self.expr()
            if self.take() != ")":
                raise ParseError("missing )")
            return v
        t = self.take()
        if not isinstance(t, (int, float)):
            raise ParseError(f"expected number, got {t!r}")
        return t
for src in ["1 + 2 * 3", "(1 + 2) * 3", "2 ^ 3 ^ 2", "-2 ^ 2", "10 / 4", "7 % 3 + -(-4)", "1.5 * 4", "2 ^ 100", "((((5))))", "1 / 0", "2 +", "(1 + 2", "3 $ 4", "1 2"]:
    try:
        print(f"{src!r:18} = {Calc(src).parse()}")
    except (ParseError, ZeroDivisionError) as e:
        print(f"{src!r:18} ! {type(e).__name__}: {e}")
