# Five generators chained into one pipeline and consumed by `sum`, 16 times over 200,000
# numbers: a source, a map (squares), a filter, a chunker that yields lists, and a
# `yield from` flattener. Exercises generator resumption, `yield from` and `sum` over a
# generator.


def numbers(n):
    i = 0
    while i < n:
        yield i
        i += 1


def squares(it):
    for x in it:
        yield x * x % 1000003


def keep(it):
    for x in it:
        if x % 3 != 1:
            yield x


def chunks(it, size):
    chunk = []
    for x in it:
        chunk.append(x)
        if len(chunk) == size:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


def flatten(it):
    for chunk in it:
        yield from chunk


def main():
    total = 0
    for round_ in range(16):
        total += sum(flatten(chunks(keep(squares(numbers(200000 + round_))), 7)))
    print("gen_pipeline", total)


main()
