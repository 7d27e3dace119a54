# calendar arithmetic by hand: leap years, day of week, day counts
def is_leap(y):
    return y % 4 == 0 and (y % 100 != 0 or y % 400 == 0)
DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
def days_in_month(y, m):
    return 29 if m == 2 and is_leap(y) else DAYS[m - 1]
def to_ordinal(y, m, d):
    if not 1 <= m <= 12 or not 1 <= d <= days_in_month(y, m):
        raise ValueError(f"invalid date {y:04d}-{m:02d}-{d:02d}")
    y1 = y - 1
    return y1 * 365 + y1 // 4 - y1 // 100 + y1 // 400 + sum(days_in_month(y, k) for k in range(1, m)) + d
def from_ordinal(n):
    y = (n - 1) // 366 + 1
    while to_ordinal(y + 1, 1, 1) <= n:
        y += 1
    m = 1
    while to_ordinal(y, m, days_in_month(y, m)) < n:
        m += 1
    return y, m, n - to_ordinal(y, m, 1) + 1
NAMES = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
def weekday(y, m, d):
    return NAMES[(to_ordinal(y, m, d) - 1) % 7]
print([y for y in (1900, 2000, 2023, 2024, 2100) if is_leap(y)])
for date in [(1970, 1, 1), (2000, 2, 29), (2024, 12, 25), (1969, 7, 20), (1, 1, 1)]:
    print(date, to_ordinal(*date), weekday(*date))
print(to_ordinal(2025, 1, 1) - to_ordinal(2024, 1, 1), to_ordinal(2024, 3, 1) - to_ordinal(2024, 2, 1))
print(from_ordinal(to_ordinal(2024, 2, 29) + 1), from_ordinal(738000), from_ordinal(1))
for bad in [(2023, 2, 29), (2024, 13, 1), (2024, 4, 31)]:
    try:
        to_ordinal(*bad)
    except ValueError as e:
        print(type(e).__name__, e)
cal = [" " * 3] * ((to_ordinal(2024, 2, 1) - 1) % 7) + [f"{d:3d}" for d in range(1, days_in_month(2024, 2) + 1)]
print(" ".join(n[:2].rjust(2) for n in NAMES))
for i in range(0, len(cal), 7):
    print("".join(cal[i:i + 7])[1:])
