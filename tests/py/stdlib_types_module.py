# the types module: names of the interpreter's types, SimpleNamespace, coroutine, new_class
import sys
import types


def plain():
    pass


def counter():
    yield 1


class Gauge:
    def read(self):
        return 7


print(type(plain) is types.FunctionType, types.LambdaType is types.FunctionType)
print(isinstance(counter(), types.GeneratorType))
print(isinstance(Gauge().read, types.MethodType))
print(isinstance(len, types.BuiltinFunctionType))
print(isinstance(sys, types.ModuleType), types.ModuleType.__name__)
print(isinstance(plain.__code__, types.CodeType))
print(types.NoneType is type(None), types.EllipsisType is type(...))
print(types.NotImplementedType is type(NotImplemented))

# SimpleNamespace: keyword construction, attribute access, repr and equality
point = types.SimpleNamespace(x=3, y=4)
point.label = "corner"
print(point)
print(point.x * point.y, point.label)
print(point == types.SimpleNamespace(x=3, y=4, label="corner"))
print(point == types.SimpleNamespace(x=3))
del point.label
print(sorted(vars(point)))
try:
    types.SimpleNamespace({"x": 1})
except TypeError as e:
    print("TypeError:", e)
try:
    hash(point)
except TypeError:
    print("unhashable")


class Tagged(types.SimpleNamespace):
    pass


print(Tagged(kind="bolt"))


# coroutine turns a generator function into one that can be awaited
@types.coroutine
def handshake(greeting):
    reply = yield greeting
    return reply.upper()


async def session():
    first = await handshake("hello")
    second = await handshake("again")
    return first + "/" + second


print(handshake.__name__)
run = session()
print(run.send(None))
print(run.send("fine"))
try:
    run.send("done")
except StopIteration as stop:
    print("result:", stop.value)
try:
    types.coroutine(5)
except TypeError as e:
    print("TypeError:", e)

# new_class builds a class with a body filled in by a callback
Widget = types.new_class("Widget", (Gauge,), None, lambda ns: ns.update(size=2))
print(Widget.__name__, Widget.size, Widget().read(), issubclass(Widget, Gauge))
