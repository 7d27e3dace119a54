# Dijkstra's shortest paths with a simple list-based priority selection
graph = {
    "A": {"B": 7, "C": 9, "F": 14},
    "B": {"A": 7, "C": 10, "D": 15},
    "C": {"A": 9, "B": 10, "D": 11, "F": 2},
    "D": {"B": 15, "C": 11, "E": 6},
    "E": {"D": 6, "F": 9},
    "F": {"A": 14, "C": 2, "E": 9},
    "G": {},
}
def dijkstra(g, src):
    dist = {n: float("inf") for n in g}
    prev = {n: None for n in g}
    dist[src] = 0
    todo = set(g)
    while todo:
        u = min(todo, key=lambda n: (dist[n], n))
        todo.remove(u)
        if dist[u] == float("inf"):
            break
        for v, w in g[u].items():
            alt = dist[u] + w
            if alt < dist[v]:
                dist[v] = alt
                prev[v] = u
    return dist, prev
dist, prev = dijkstra(graph, "A")
for node in sorted(dist):
    path, cur = [], node
    while cur is not None:
        path.append(cur)
        cur = prev[cur]
    print(node, dist[node], "->".join(reversed(path)) if dist[node] != float("inf") else "unreachable")
