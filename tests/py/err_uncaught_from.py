# uncaught exception with explicit cause (raise ... from ...)
class ParseError(Exception):
    pass
def parse_int(text):
    try:
        return int(text)
    except ValueError as e:
        raise ParseError(f"bad number: {text}") from e
def parse_all(texts):
    return [parse_int(t) for t in texts]
print(parse_all(["1", "22"]))
print(parse_all(["3", "4x"]))
