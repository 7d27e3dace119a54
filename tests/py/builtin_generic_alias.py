# Subscripting a builtin container type gives a types.GenericAlias (annotations in module and
# class bodies are evaluated and use them): repr, origin and arguments, equality, calls.
import collections
x: list[int] = []
print(x)
class A:
    y: dict[str, int]
    z: tuple[int, ...] = ()
print(A.__annotations__)
print(repr(list[int]), repr(dict[str, list[int]]), repr(tuple[int, ...]), repr(type[int]), list[int] == list[int], list[int](range(2)), list[int].__origin__, list[int].__args__, type(list[int]).__module__, type(list[int]).__name__)
print(repr(list['X']), repr(list[None]), repr(dict[str, collections.OrderedDict]))
print(list[int,str].__args__, tuple[()], hash(list[int]) == hash(list[int]), set[int] != frozenset[int])
try:
    int[3]
except TypeError as e:
    print(e)
