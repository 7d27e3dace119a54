import _itertools as _it


def count(start=0, step=1):
    if not isinstance(start, (int, float, complex)) or not isinstance(step, (int, float, complex)):
        raise TypeError("a number is required")
    return _count_gen(start, step)


def _count_gen(n, step):
    while True:
        yield n
        n += step


def cycle(iterable):
    return _cycle_gen(iter(iterable))


def _cycle_gen(iterable):
    saved = []
    for element in iterable:
        yield element
        saved.append(element)
    while saved:
        for element in saved:
            yield element


def repeat(object, times=None):
    if times is None:
        while True:
            yield object
    else:
        for _ in range(times):
            yield object


def accumulate(iterable, func=None, *, initial=None):
    return _accumulate_gen(iter(iterable), func, initial)


def _accumulate_gen(it, func, initial):
    total = initial
    if initial is None:
        try:
            total = next(it)
        except StopIteration:
            return
    yield total
    for element in it:
        total = total + element if func is None else func(total, element)
        yield total


@_it.native_next
class chain:
    # `__next__` is native; `_state`: [iterator of the iterables or None, current or None].
    __slots__ = ("_state",)

    def __init__(self, *iterables):
        self._state = [iter(iterables), None]

    @classmethod
    def from_iterable(cls, iterables):
        self = cls()
        self._state = [iter(iterables), None]
        return self

    def __iter__(self):
        return self


def compress(data, selectors):
    return (d for d, s in zip(data, selectors) if s)


def dropwhile(predicate, iterable):
    iterable = iter(iterable)
    for x in iterable:
        if not predicate(x):
            yield x
            break
    for x in iterable:
        yield x


def takewhile(predicate, iterable):
    for x in iterable:
        if predicate(x):
            yield x
        else:
            break


def filterfalse(predicate, iterable):
    if predicate is None:
        predicate = bool
    for x in iterable:
        if not predicate(x):
            yield x


class groupby:
    def __init__(self, iterable, key=None):
        self.keyfunc = key if key is not None else (lambda x: x)
        self.it = iter(iterable)
        self.tgtkey = self.currkey = self.currvalue = object()
        self.id = object()

    def __iter__(self):
        return self

    def __next__(self):
        self.id = object()
        while self.currkey == self.tgtkey:
            self.currvalue = next(self.it)
            self.currkey = self.keyfunc(self.currvalue)
        self.tgtkey = self.currkey
        return (self.currkey, self._grouper(self.tgtkey, self.id))

    def _grouper(self, tgtkey, id):
        while self.id is id and self.currkey == tgtkey:
            yield self.currvalue
            try:
                self.currvalue = next(self.it)
            except StopIteration:
                return
            self.currkey = self.keyfunc(self.currvalue)


def _islice_arg(v, what):
    if v is None:
        return None
    try:
        v = v.__index__()
    except AttributeError:
        v = -1
    if v < 0:
        raise ValueError(f"{what} argument for islice() must be None or an integer: "
                         "0 <= x <= sys.maxsize.")
    return v


def islice(iterable, *args):
    if not 1 <= len(args) <= 3:
        raise TypeError(f"islice expected at most 4 arguments, got {len(args) + 1}"
                        if args else "islice expected at least 2 arguments, got 1")
    s = slice(*args)
    start = _islice_arg(s.start, "Indices") or 0
    stop = _islice_arg(s.stop, "Stop" if len(args) == 1 else "Indices")
    step = s.step
    if step is None:
        step = 1
    elif _islice_arg(step, "Step") == 0 or step < 1:
        raise ValueError("Step for islice() must be a positive integer or None.")
    return _islice_gen(iter(iterable), start, stop, step)


def _islice_gen(it, start, stop, step):
    nexti = start
    i = 0
    while stop is None or i < stop:
        try:
            element = next(it)
        except StopIteration:
            return
        if i == nexti:
            yield element
            nexti += step
        i += 1
        if stop is not None and nexti >= stop:
            for _ in range(i, min(nexti, stop)):
                try:
                    next(it)
                except StopIteration:
                    return
            return


def starmap(function, iterable):
    for args in iterable:
        yield function(*args)


def tee(iterable, n=2):
    if n < 0:
        raise ValueError("n must be >= 0")
    it = iter(iterable)
    buffers = [[] for _ in range(n)]

    def gen(mybuf):
        while True:
            if not mybuf:
                try:
                    v = next(it)
                except StopIteration:
                    return
                for b in buffers:
                    b.append(v)
            yield mybuf.pop(0)
    return tuple(gen(b) for b in buffers)


def zip_longest(*args, fillvalue=None):
    iterators = [iter(it) for it in args]
    num_active = len(iterators)
    if not num_active:
        return
    while True:
        values = []
        for i, it in enumerate(iterators):
            try:
                value = next(it)
            except StopIteration:
                num_active -= 1
                if not num_active:
                    return
                iterators[i] = repeat(fillvalue)
                value = fillvalue
            values.append(value)
        yield tuple(values)


@_it.native_next
class product:
    # `__next__` is native; `_state`: [stage, one index per pool].
    __slots__ = ("_pools", "_state")

    def __init__(self, *args, repeat=1):
        if repeat < 0:
            raise ValueError("repeat argument cannot be negative")
        self._pools = tuple(tuple(pool) for pool in args) * repeat
        self._state = [0] * (len(self._pools) + 1)

    def __iter__(self):
        return self


def permutations(iterable, r=None):
    pool = tuple(iterable)
    n = len(pool)
    r = n if r is None else r
    if r < 0:
        raise ValueError("r must be non-negative")
    return _permutations_gen(pool, n, r)


def _permutations_gen(pool, n, r):
    if r > n:
        return
    indices = list(range(n))
    cycles = list(range(n, n - r, -1))
    yield tuple(pool[i] for i in indices[:r])
    while n:
        for i in reversed(range(r)):
            cycles[i] -= 1
            if cycles[i] == 0:
                indices[i:] = indices[i + 1:] + indices[i:i + 1]
                cycles[i] = n - i
            else:
                j = cycles[i]
                indices[i], indices[-j] = indices[-j], indices[i]
                yield tuple(pool[i] for i in indices[:r])
                break
        else:
            return


def combinations(iterable, r):
    pool = tuple(iterable)
    if r < 0:
        raise ValueError("r must be non-negative")
    return _combinations_gen(pool, len(pool), r)


def _combinations_gen(pool, n, r):
    if r > n:
        return
    indices = list(range(r))
    yield tuple(pool[i] for i in indices)
    while True:
        for i in reversed(range(r)):
            if indices[i] != i + n - r:
                break
        else:
            return
        indices[i] += 1
        for j in range(i + 1, r):
            indices[j] = indices[j - 1] + 1
        yield tuple(pool[i] for i in indices)


def combinations_with_replacement(iterable, r):
    pool = tuple(iterable)
    if r < 0:
        raise ValueError("r must be non-negative")
    return _cwr_gen(pool, len(pool), r)


def _cwr_gen(pool, n, r):
    if not n and r:
        return
    indices = [0] * r
    yield tuple(pool[i] for i in indices)
    while True:
        for i in reversed(range(r)):
            if indices[i] != n - 1:
                break
        else:
            return
        indices[i:] = [indices[i] + 1] * (r - i)
        yield tuple(pool[i] for i in indices)


def pairwise(iterable):
    it = iter(iterable)
    try:
        a = next(it)
    except StopIteration:
        return
    for b in it:
        yield a, b
        a = b
