# interval merging, meeting rooms, and range queries
def merge(intervals):
    out = []
    for s, e in sorted(intervals):
        if out and s <= out[-1][1]:
            out[-1][1] = max(out[-1][1], e)
        else:
            out.append([s, e])
    return [tuple(i) for i in out]
print(merge([(1, 3), (2, 6), (8, 10), (15, 18), (17, 20), (9, 9)]))
print(merge([]), merge([(5, 5)]), merge([(1, 4), (4, 5)]), merge([(1, 10), (2, 3), (4, 5)]))
def rooms_needed(meetings):
    events = sorted([(s, 1) for s, _ in meetings] + [(e, -1) for _, e in meetings])
    cur = best = 0
    for _, d in events:
        cur += d
        best = max(best, cur)
    return best
print(rooms_needed([(0, 30), (5, 10), (15, 20)]), rooms_needed([(7, 10), (2, 4)]), rooms_needed([(1, 5), (2, 6), (3, 7), (5, 8)]))
def insert(intervals, new):
    return merge(intervals + [new])
print(insert([(1, 2), (3, 5), (6, 7), (8, 10), (12, 16)], (4, 8)))
prefix = [0]
data = [3, -1, 4, 1, -5, 9, 2, -6]
for v in data:
    prefix.append(prefix[-1] + v)
print(prefix, [prefix[j] - prefix[i] for i, j in [(0, 8), (2, 5), (3, 3), (5, 7)]])
best, cur, start, span = data[0], 0, 0, (0, 0)
for i, v in enumerate(data):
    if cur <= 0:
        cur, start = v, i
    else:
        cur += v
    if cur > best:
        best, span = cur, (start, i)
print("max subarray", best, span, data[span[0]:span[1] + 1])
