# singly linked list with iteration, reversal, and dunder methods
class Node:
    __slots__ = ("value", "next")
    def __init__(self, value, next=None):
        self.value = value
        self.next = next
class LinkedList:
    def __init__(self, items=()):
        self.head = None
        self.size = 0
        for x in reversed(list(items)):
            self.push_front(x)
    def push_front(self, v):
        self.head = Node(v, self.head)
        self.size += 1
    def append(self, v):
        node = Node(v)
        if self.head is None:
            self.head = node
        else:
            cur = self.head
            while cur.next:
                cur = cur.next
            cur.next = node
        self.size += 1
    def __iter__(self):
        cur = self.head
        while cur:
            yield cur.value
            cur = cur.next
    def __len__(self):
        return self.size
    def __repr__(self):
        return "LinkedList([" + ", ".join(repr(v) for v in self) + "])"
    def __getitem__(self, i):
        if i < 0:
            i += self.size
        for j, v in enumerate(self):
            if j == i:
                return v
        raise IndexError("linked list index out of range")
    def __contains__(self, v):
        return any(x == v for x in self)
    def reverse(self):
        prev, cur = None, self.head
        while cur:
            cur.next, prev, cur = prev, cur, cur.next
        self.head = prev
    def remove(self, v):
        prev, cur = None, self.head
        while cur:
            if cur.value == v:
                if prev:
                    prev.next = cur.next
                else:
                    self.head = cur.next
                self.size -= 1
                return
            prev, cur = cur, cur.next
        raise ValueError(f"{v!r} not in list")
    def __eq__(self, other):
        return isinstance(other, LinkedList) and list(self) == list(other)
ll = LinkedList([1, 2, 3])
ll.append(4)
ll.push_front(0)
print(ll, len(ll), ll[0], ll[-1], 3 in ll, 9 in ll)
ll.reverse()
print(ll, list(ll), sum(ll))
ll.remove(0)
ll.remove(4)
print(ll, len(ll))
try:
    ll.remove(42)
except ValueError as e:
    print(type(e).__name__, e)
try:
    ll[10]
except IndexError as e:
    print(type(e).__name__, e)
print(ll == LinkedList([3, 2, 1]), ll == LinkedList([1]), LinkedList() == LinkedList(), repr(LinkedList()))
print([x * 10 for x in ll], sorted(ll), max(ll))
