# nested dictionaries, counting and grouping, dict equality
records = [("alice", "math", 90), ("bob", "math", 72), ("alice", "art", 85), ("carol", "math", 90), ("bob", "art", 60), ("carol", "art", 95)]
by_student = {}
for name, subj, score in records:
    by_student.setdefault(name, {})[subj] = score
print(by_student)
by_subject = {}
for name, subj, score in records:
    by_subject.setdefault(subj, []).append((score, name))
for subj in by_subject:
    ranked = sorted(by_subject[subj], reverse=True)
    print(subj, ranked, "avg=%.2f" % (sum(s for s, _ in ranked) / len(ranked)))
best = {subj: max(v)[1] for subj, v in by_subject.items()}
print(best)
totals = {name: sum(scores.values()) for name, scores in by_student.items()}
print(sorted(totals.items(), key=lambda kv: kv[1], reverse=True))
hist = {}
for _, _, score in records:
    bucket = score // 10 * 10
    hist[bucket] = hist.get(bucket, 0) + 1
for k in sorted(hist):
    print(f"{k:3d}-{k + 9:3d} {'#' * hist[k]}")
deep = {"a": {"b": {"c": [1, 2, {"d": "found"}]}}}
print(deep["a"]["b"]["c"][2]["d"], deep == {"a": {"b": {"c": [1, 2, {"d": "found"}]}}})
def merge(a, b):
    out = dict(a)
    for k, v in b.items():
        out[k] = merge(out[k], v) if isinstance(v, dict) and isinstance(out.get(k), dict) else v
    return out
print(merge({"x": {"y": 1, "z": 2}, "w": 0}, {"x": {"z": 3, "q": 4}, "v": 5}))
inverted = {}
for name, scores in by_student.items():
    for subj, score in scores.items():
        inverted.setdefault(score, []).append(f"{name}/{subj}")
print(dict(sorted(inverted.items())))
