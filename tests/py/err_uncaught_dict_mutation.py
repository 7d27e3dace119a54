# uncaught RuntimeError: dictionary changed size during iteration
def banner(title):
    rule = "-" * min(len(title), 40)
    print(rule)
    print(title)
    print(rule)
banner('err_uncaught_dict_mutation')
def prune(d):
    for k in d:
        if d[k] < 0:
            del d[k]
    return d
scores = {"a": 1, "b": -2, "c": 3}
print(prune({"x": 1}))
print(prune(scores))
