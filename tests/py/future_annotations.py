"""Doc."""
from __future__ import annotations
import __future__
def f(x: Foo, y: list[Bar] | None = None, *a: "Q", **k: dict[str, int]) -> tuple[int, ...]:
    return 1
class C:
    a: Foo
    b: Optional[Dict[str,int]] = 5
    c: Callable[[int], str]
    d: np.ndarray
    e: -1
    f: 'quoted'
print(f(1), f.__annotations__)
print(C.__annotations__, C.b)
print(__future__.annotations, __future__.all_feature_names[-1], annotations.getMandatoryRelease())
