# The standard library as scripts lean on it: namedtuple records sorted and grouped with
# operator getters, functools.partial and lru_cache, itertools pipelines (chain, product,
# islice, accumulate, groupby), a heapq priority queue, bisect lookups, and collections'
# Counter, defaultdict and deque. Exercises the frozen library's hot paths.
import bisect
import functools
import heapq
import itertools
import operator
from collections import Counter, defaultdict, deque, namedtuple

Order = namedtuple("Order", "id customer item qty price")
ITEMS = ["bolt", "nut", "gear", "cog", "spring", "shaft", "belt", "pulley"]


def lcg(seed):
    while True:
        seed = (seed * 1103515245 + 12345) & 0x7FFFFFFF
        yield seed


def make_orders(n, seed):
    rnd = lcg(seed)
    out = []
    for i in range(n):
        r = next(rnd)
        out.append(Order(i, r % 97, ITEMS[r % 8], 1 + r % 9, 5 + (r >> 8) % 200))
    return out


def records(orders):
    total = 0
    for o in orders:
        total += o.qty * o.price + o.customer
    by_price = sorted(orders, key=operator.attrgetter("price", "id"))
    by_item = sorted(orders, key=operator.itemgetter(2, 0))
    top = [o._replace(price=o.price * 2) for o in by_price[-50:]]
    total += by_price[0].id + by_item[-1].id + sum(map(operator.itemgetter(4), top))
    for item, group in itertools.groupby(by_item, key=operator.attrgetter("item")):
        total += len(item) * sum(o.qty for o in group)
    return total


def scaled(base, x, factor=1):
    return base + factor * x


def partials(orders):
    fs = [functools.partial(scaled, k, factor=3) for k in range(8)]
    total = 0
    for o in orders:
        total += fs[o.id & 7](o.qty)
    tax = functools.partial(round, ndigits=0)
    total += sum(int(tax(o.price * 1.07)) for o in orders[:2000])
    return total


@functools.lru_cache(maxsize=None)
def ways(n, k):
    if n == 0:
        return 1
    if n < 0 or k == 0:
        return 0
    return ways(n - k, k) + ways(n, k - 1)


@functools.lru_cache(maxsize=256)
def price_band(p):
    return p // 25


def caches(orders):
    total = sum(ways(i % 60, 12) for i in range(4000))
    total += sum(price_band(o.price) for o in orders)
    info = price_band.cache_info()
    return total + info.hits + info.misses


def pipelines(orders):
    qtys = map(operator.attrgetter("qty"), orders)
    running = list(itertools.accumulate(qtys))
    total = running[-1]
    total += sum(itertools.islice(itertools.chain(running, reversed(running)), 0, None, 7))
    grid = sum(a * b for a, b in itertools.product(range(120), range(150)))
    pairs = sum(1 for a, b in itertools.product(ITEMS, repeat=2) if a < b)
    flat = sum(itertools.chain.from_iterable([o.qty, o.price] for o in orders[:3000]))
    return total + grid + pairs + flat


def queue(orders):
    heap = []
    for o in orders:
        heapq.heappush(heap, (o.price, o.id))
        if len(heap) > 500:
            heapq.heappop(heap)
    total = sum(p for p, _ in heap)
    for o in orders[:3000]:
        total += heapq.heappushpop(heap, (o.qty, o.id))[0]
    return total + heapq.nsmallest(3, heap)[0][0]


def lookups(orders):
    prices = sorted(o.price for o in orders)
    total = 0
    for o in orders:
        total += bisect.bisect_left(prices, o.price) - bisect.bisect_right(prices, o.price // 2)
    window = []
    for o in orders[:2000]:
        bisect.insort(window, o.price)
    return total + window[len(window) // 2]


def counting(orders):
    counts = Counter(o.item for o in orders)
    spent = defaultdict(int)
    recent = deque(maxlen=64)
    for o in orders:
        spent[o.customer] += o.qty * o.price
        recent.append(o.id)
    best = max(spent.items(), key=operator.itemgetter(1))
    return sum(counts.values()) + counts.most_common(1)[0][1] + best[0] + sum(recent)


def main():
    checksum = 0
    for rnd in range(10):
        orders = make_orders(12000, 42 + rnd)
        checksum += records(orders)
        checksum += partials(orders)
        checksum += caches(orders)
        checksum += pipelines(orders)
        checksum += queue(orders)
        checksum += lookups(orders)
        checksum += counting(orders)
    print("stdlib_mix", checksum % 1000000007)


main()
