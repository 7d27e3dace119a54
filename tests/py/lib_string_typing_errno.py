import string
import typing
from typing import (Any, Optional, Union, List, Dict, Callable, TypeVar, Generic, Protocol,
                    NamedTuple, TYPE_CHECKING, cast, overload, Tuple, Iterable)
import errno

print(string.ascii_letters, string.digits, string.hexdigits, string.octdigits)
print(repr(string.whitespace), string.punctuation, len(string.printable))
print(string.capwords(" hello   wORLD  again "), string.capwords("a-b-c", "-"))
t = string.Template("$who likes ${what}; $$5 costs $$")
print(t.substitute(who="tim", what="kung pao"), t.substitute({"who": "ann", "what": "tea"}))
print(string.Template("$a and $b").safe_substitute(a=1), string.Template("x$").safe_substitute())
for tmpl, kw in [("$missing", {}), ("bad $ here", {}), ("${oops", {})]:
    try:
        string.Template(tmpl).substitute(**kw)
    except (KeyError, ValueError) as e:
        print(type(e).__name__, e)

T = TypeVar("T")


class Box(Generic[T]):
    def __init__(self, item: T) -> None:
        self.item = item

    def get(self) -> T:
        return self.item


def first(xs: List[int], d: Optional[Dict[str, Any]] = None) -> Union[int, None]:
    return xs[0] if xs else None


print(Box(3).get(), first([7]), first([]), cast(int, "s"), TYPE_CHECKING, T)
print(Optional[int] is not None, Union[int, str] is not None, Callable[[int], str] is not None)


class Greeter(Protocol):
    def greet(self) -> str:
        ...


@overload
def f(x: int) -> int:
    ...


def f(x):
    return x


print(f(5), Box[int](4).get())
Emp = NamedTuple("Emp", [("name", str), ("id", int)])
print(Emp("a", 1), Emp._fields)
print(errno.ENOENT, errno.EACCES, errno.EEXIST, errno.EAGAIN == errno.EWOULDBLOCK)
print(errno.errorcode[2], errno.errorcode[errno.EINVAL], errno.errorcode[11], len(errno.errorcode) > 100)
try:
    open
except NameError:
    pass
e = OSError(errno.ENOENT, "No such file or directory")
print(type(e).__name__, e.errno == errno.ENOENT)
