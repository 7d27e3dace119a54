# a small tokenizer for an expression language
KEYWORDS = {"let", "if", "then", "else", "fn"}
def tokenize(src):
    tokens = []
    i = 0
    line = 1
    while i < len(src):
        c = src[i]
        if c == "\n":
            line += 1
            i += 1
        elif c.isspace():
            i += 1
        elif c == "#":
            while i < len(src) and src[i] != "\n":
                i += 1
        elif c.isdigit():
            j = i
            while j < len(src) and (src[j].isdigit() or src[j] == "."):
                j += 1
            text = src[i:j]
            tokens.append(("FLOAT" if "." in text else "INT", float(text) if "." in text else int(text), line))
            i = j
        elif c.isalpha() or c == "_":
            j = i
            while j < len(src) and (src[j].isalnum() or src[j] == "_"):
                j += 1
            word = src[i:j]
            tokens.append(("KW" if word in KEYWORDS else "NAME", word, line))
            i = j
        elif c == '"':
            j = i + 1
            buf = []
            while j < len(src) and src[j] != '"':
                if src[j] == "\\" and j + 1 < len(src):
                    buf.append({"n": "\n", "t": "\t"}.get(src[j + 1], src[j + 1]))
                    j += 2
                else:
                    buf.append(src[j])
                    j += 1
            if j >= len(src):
                raise SyntaxError(f"unterminated string on line {line}")
            tokens.append(("STR", "".join(buf), line))
            i = j + 1
        elif src[i:i + 2] in ("==", "!=", "<=", ">=", "->"):
            tokens.append(("OP", src[i:i + 2], line))
            i += 2
        elif c in "+-*/()=<>,;{}":
            tokens.append(("OP", c, line))
            i += 1
        else:
            raise ValueError(f"unexpected character {c!r} at line {line}")
    return tokens
src = '''let x = 42;   # the answer
let y = 3.5 * (x - 2)
if x >= 10 then "big\\tnum" else "small\\n"
fn add(a, b) -> a + b'''
for tok in tokenize(src):
    print(tok)
for bad in ['let s = "oops', "a $ b"]:
    try:
        tokenize(bad)
    except (SyntaxError, ValueError) as e:
        print(type(e).__name__, e)
counts = {}
for kind, _, _ in tokenize(src):
    counts[kind] = counts.get(kind, 0) + 1
print(counts)
