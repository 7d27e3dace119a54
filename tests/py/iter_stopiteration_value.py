# next() of enumerate/map/zip/filter over a user iterator passes the user's
# StopIteration (and its value) through; a for loop still just ends.


class Stops:
    def __init__(self, n, value):
        self.n = n
        self.value = value

    def __iter__(self):
        return self

    def __next__(self):
        if self.n == 0:
            raise StopIteration(self.value)
        self.n -= 1
        return self.n


def stop_args(make):
    it = make()
    try:
        while True:
            next(it)
    except StopIteration as e:
        return e.args


print(stop_args(lambda: enumerate(Stops(2, 7))))
print(stop_args(lambda: map(str, Stops(1, "done"))))
print(stop_args(lambda: zip(Stops(3, 1), Stops(2, 2))))
print(stop_args(lambda: filter(None, Stops(3, (1, 2)))))
print(stop_args(lambda: iter(Stops(1, 5))))
print(stop_args(lambda: enumerate([1, 2])))
print(stop_args(lambda: map(abs, iter([]))))
print(next(enumerate(Stops(0, 9)), "default"))
print(list(enumerate(Stops(3, 4))), [x for x in map(str, Stops(2, 0))])


class Seq:
    def __getitem__(self, i):
        raise StopIteration(42)


print(stop_args(lambda: iter(Seq())))


def gen():
    return 11
    yield


print(stop_args(lambda: enumerate(gen())))
