# A case that captures everything must be the last one: CPython rejects the whole file
# at compile time, so nothing below runs and the SyntaxError points at the capture.
print("never printed")


def describe(command):
    match command.split():
        case ["go", direction]:
            return f"going {direction}"
        case [verb, *rest] if rest:
            return f"{verb} with {len(rest)} arguments"
        case other:
            return f"unknown: {other}"
        case []:
            return "empty"


print(describe("go north"))
