# union-find (disjoint sets) and Kruskal's minimum spanning tree
class DSU:
    def __init__(self, n):
        self.parent = list(range(n))
        self.rank = [0] * n
        self.sets = n
    def find(self, x):
        while self.parent[x] != x:
            self.parent[x] = self.parent[self.parent[x]]
            x = self.parent[x]
        return x
    def union(self, a, b):
        ra, rb = self.find(a), self.find(b)
        if ra == rb:
            return False
        if self.rank[ra] < self.rank[rb]:
            ra, rb = rb, ra
        self.parent[rb] = ra
        if self.rank[ra] == self.rank[rb]:
            self.rank[ra] += 1
        self.sets -= 1
        return True
d = DSU(10)
for a, b in [(0, 1), (2, 3), (1, 3), (5, 6), (7, 7), (0, 2)]:
    print((a, b), d.union(a, b), d.sets)
groups = {}
for i in range(10):
    groups.setdefault(d.find(i), []).append(i)
print(sorted(groups.values()))
edges = [(7, "A", "B"), (5, "A", "D"), (8, "B", "C"), (9, "B", "D"), (7, "B", "E"), (5, "C", "E"),
         (15, "D", "E"), (6, "D", "F"), (8, "E", "F"), (9, "E", "G"), (11, "F", "G")]
names = sorted({n for _, a, b in edges for n in (a, b)})
idx = {n: i for i, n in enumerate(names)}
dsu = DSU(len(names))
mst = [(w, a, b) for w, a, b in sorted(edges) if dsu.union(idx[a], idx[b])]
print(mst, sum(w for w, _, _ in mst))
