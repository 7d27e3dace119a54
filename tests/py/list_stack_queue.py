# lists used as stacks and queues; in-place vs copy semantics
stack = []
for c in "abc":
    stack.append(c)
print(stack, stack.pop(), stack.pop(), stack)
queue = [1, 2, 3]
queue.append(4)
print(queue.pop(0), queue.pop(0), queue)
def balanced(s):
    pairs = {")": "(", "]": "[", "}": "{"}
    st = []
    for ch in s:
        if ch in "([{":
            st.append(ch)
        elif ch in pairs:
            if not st or st.pop() != pairs[ch]:
                return False
    return not st
print([balanced(s) for s in ["()", "([]{})", "(]", "((", "", "{[()()]}", "}"]])
a = [1, 2, 3]
b = a
a += [4]
print(a is b, b)
a = a + [5]
print(a is b, a, b)
t = (1, 2)
t2 = t
t += (3,)
print(t is t2, t, t2)
m = [[0] * 3 for _ in range(3)]
m[1][1] = 5
print(m)
n = [[0] * 3] * 3
n[1][1] = 5
print(n)
lst = [5, 3, 8]
res = lst.sort()
print(res, lst, sorted(lst, reverse=True), lst.reverse(), lst)
