# trie for prefix search and autocompletion
class Trie:
    def __init__(self):
        self.root = {}
        self.count = 0
    def insert(self, word):
        node = self.root
        for ch in word:
            node = node.setdefault(ch, {})
        if "$" not in node:
            self.count += 1
        node["$"] = node.get("$", 0) + 1
    def __contains__(self, word):
        node = self._find(word)
        return node is not None and "$" in node
    def _find(self, prefix):
        node = self.root
        for ch in prefix:
            if ch not in node:
                return None
            node = node[ch]
        return node
    def complete(self, prefix):
        node = self._find(prefix)
        out = []
        def walk(n, acc):
            for k in sorted(n):
                if k == "$":
                    out.append((prefix + acc, n[k]))
                else:
                    walk(n[k], acc + k)
        if node is not None:
            walk(node, "")
        return out
    def __len__(self):
        return self.count
t = Trie()
for w in "car card care careful cart cat dog dot do card car car".split():
    t.insert(w)
print(len(t), "car" in t, "ca" in t, "careful" in t, "dots" in t)
print(t.complete("car"))
print(t.complete("do"), t.complete("x"), t.complete("")[:3])
print(sorted(t.root), sorted(t.root["c"]["a"]))
