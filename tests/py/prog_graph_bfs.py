# graph algorithms: BFS shortest path, DFS, connected components, topological sort
edges = [("a", "b"), ("a", "c"), ("b", "d"), ("c", "d"), ("d", "e"), ("f", "g"), ("e", "h"), ("c", "h")]
graph = {}
for u, v in edges:
    graph.setdefault(u, []).append(v)
    graph.setdefault(v, []).append(u)
def bfs_path(g, start, goal):
    prev = {start: None}
    queue = [start]
    head = 0
    while head < len(queue):
        node = queue[head]
        head += 1
        if node == goal:
            path = []
            while node is not None:
                path.append(node)
                node = prev[node]
            return path[::-1]
        for nb in g[node]:
            if nb not in prev:
                prev[nb] = node
                queue.append(nb)
    return None
print(bfs_path(graph, "a", "e"), bfs_path(graph, "a", "h"), bfs_path(graph, "a", "g"))
def dfs(g, start):
    seen, order = set(), []
    def visit(n):
        seen.add(n)
        order.append(n)
        for nb in g[n]:
            if nb not in seen:
                visit(nb)
    visit(start)
    return order
print(dfs(graph, "a"))
def components(g):
    seen, comps = set(), []
    for n in sorted(g):
        if n not in seen:
            comp = dfs(g, n)
            seen.update(comp)
            comps.append(sorted(comp))
    return comps
print(components(graph))
deps = {"app": ["lib", "utils"], "lib": ["core"], "utils": ["core"], "core": [], "tests": ["app"]}
def topo(d):
    state, out = {}, []
    def visit(n):
        if state.get(n) == "active":
            raise ValueError(f"cycle at {n}")
        if state.get(n) == "done":
            return
        state[n] = "active"
        for m in d[n]:
            visit(m)
        state[n] = "done"
        out.append(n)
    for n in d:
        visit(n)
    return out
print(topo(deps))
deps["core"] = ["tests"]
try:
    topo(deps)
except ValueError as e:
    print(type(e).__name__, e)
