# Walks a linked list of 1,000 instances 3,000 times: attribute loads along the chain
# (`while n is not None: t += n.v; n = n.nxt`) and, on every node, a method that three
# subclasses override. Exercises instance attribute loads and method calls through classes.


class Node:
    def __init__(self, v, nxt):
        self.v = v
        self.nxt = nxt

    def weight(self):
        return 1


class Small(Node):
    def weight(self):
        return self.v & 3


class Medium(Node):
    def weight(self):
        return (self.v >> 2) & 7


class Large(Node):
    def weight(self):
        return self.v % 11


def build(count):
    kinds = (Small, Medium, Large)
    head = None
    for i in range(count):
        head = kinds[i % 3]((i * 7919) % 1009, head)
    return head


def walk_values(head):
    t = 0
    n = head
    while n is not None:
        t += n.v
        n = n.nxt
    return t


def walk_weights(head):
    t = 0
    n = head
    while n is not None:
        t += n.weight()
        n = n.nxt
    return t


def main():
    head = build(1000)
    total = 0
    for rounds in range(3000):
        total += walk_values(head)
        total += walk_weights(head)
    print("attr_chain", total)


main()
