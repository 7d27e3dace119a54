# binary search tree with insert, search, delete, traversals
class BST:
    class _Node:
        def __init__(self, key, val):
            self.key, self.val = key, val
            self.left = self.right = None
    def __init__(self):
        self.root = None
        self.n = 0
    def insert(self, key, val=None):
        def ins(node):
            if node is None:
                self.n += 1
                return BST._Node(key, val)
            if key < node.key:
                node.left = ins(node.left)
            elif key > node.key:
                node.right = ins(node.right)
            else:
                node.val = val
            return node
        self.root = ins(self.root)
    def find(self, key):
        node = self.root
        while node:
            if key == node.key:
                return node.val
            node = node.left if key < node.key else node.right
        raise KeyError(key)
    def delete(self, key):
        def rm(node, key):
            if node is None:
                raise KeyError(key)
            if key < node.key:
                node.left = rm(node.left, key)
            elif key > node.key:
                node.right = rm(node.right, key)
            else:
                if node.left is None:
                    return node.right
                if node.right is None:
                    return node.left
                succ = node.right
                while succ.left:
                    succ = succ.left
                node.key, node.val = succ.key, succ.val
                node.right = rm(node.right, succ.key)
            return node
        self.root = rm(self.root, key)
        self.n -= 1
    def inorder(self):
        def walk(node):
            if node:
                yield from walk(node.left)
                yield node.key
                yield from walk(node.right)
        return list(walk(self.root))
    def preorder(self):
        out, stack = [], [self.root] if self.root else []
        while stack:
            node = stack.pop()
            out.append(node.key)
            if node.right: stack.append(node.right)
            if node.left: stack.append(node.left)
        return out
    def height(self):
        def h(node):
            return 0 if node is None else 1 + max(h(node.left), h(node.right))
        return h(self.root)
t = BST()
for k in [50, 30, 70, 20, 40, 60, 80, 35, 45, 65]:
    t.insert(k, str(k))
print(t.inorder(), t.preorder(), t.height(), t.n)
print(t.find(45), t.find(70))
for k in [20, 30, 50]:
    t.delete(k)
    print(t.inorder(), t.preorder())
for bad in (lambda: t.find(99), lambda: t.delete(99)):
    try:
        bad()
    except KeyError as e:
        print(type(e).__name__, e)
t2 = BST()
for k in "the quick brown fox jumps over the lazy dog".split():
    t2.insert(k)
print(t2.inorder(), t2.n)
