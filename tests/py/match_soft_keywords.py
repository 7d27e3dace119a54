# `match`, `case` and `_` stay ordinary names outside match statements.
match = 3
case = [1, 2]
_ = "underscore"
print(match, case, _)


def match(x, case=None):
    return ("called", x, case)


print(match(1), match(x=2, case=3))
print(match (4))

match = {"a": 1}
print(match["a"])
match["b"] = 2
print(match)


class case:
    match = "attr"


print(case.match)
match, case = case, match
print(match.match, case)

match: int = 5
print(match)
match -= 1
print(match)
match = [match]
print(match)

# As soft keywords they still work around names spelled the same.
match = "match"
match match:
    case "case":
        print("no")
    case "match":
        print("match matched")

case = 10
match case:
    case case if case > 5:
        print("captured case", case)

match _:
    case _:
        print("wildcard subject")

print(match)
