# Subclasses of int, str, float and list that override comparisons: their dunders run
# (reflected first when the subclass is on the right), the builtin comparison is the
# fallback.
class EqSub(int):
    def __eq__(self, o):
        print('EqSub eq')
        return True
    __hash__ = int.__hash__
e = EqSub(2)
print(e == 1)
print(1 == e)
print(e != 1, e != 2, 3 != e)
print(e < 3, e > 1, e == 2.0)
class LtSub(int):
    def __lt__(self, o):
        print('lt')
        return 'LT'
print(LtSub(1) < 2, 2 > LtSub(1), LtSub(1) > 0)
class StrSub(str):
    def __eq__(self, o):
        return 'str eq'
    __hash__ = str.__hash__
print(StrSub('a') == 'b', 'b' == StrSub('a'), StrSub('a') < 'b')
class FSub(float):
    def __eq__(self, o):
        return 'feq'
print(FSub(1.0) == 1.0, 1.0 == FSub(1.0), FSub(1.5) < 2)
class LSub(list):
    def __eq__(self, o):
        return 'leq'
print(LSub() == [], [] == LSub(), LSub([1]) < [2])
class Plain(int):
    pass
print(Plain(3) == 3, 3 == Plain(3), Plain(3) != 4, Plain(2) < Plain(3), sorted([Plain(2), 1, Plain(0)]))
print(Plain(5) in [1, 5], {Plain(1): 'a'}[1], max(Plain(1), Plain(9)))
class Big(int):
    def __ge__(self, o):
        return 'ge'
print(Big(10 ** 30) >= 1, 1 <= Big(10 ** 30), Big(10 ** 30) > 10 ** 29)
