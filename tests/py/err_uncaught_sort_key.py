# uncaught TypeError from a key function during sorting
def banner(title):
    rule = "-" * min(len(title), 40)
    print(rule)
    print(title)
    print(rule)
banner('err_uncaught_sort_key')
records = [{"name": "ann", "age": 31}, {"name": "bob", "age": None}, {"name": "cy", "age": 25}]
def by_age(rec):
    return rec["age"] + 0
def report(rs):
    for r in sorted(rs, key=by_age):
        print(r["name"])
report(records[:1])
report(records)
