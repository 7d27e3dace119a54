# Cells read in hot loops: free variables of closures and cell variables of the enclosing
# function, rebound midway (nonlocal), read before assignment (NameError), and deleted.


def counter():
    n = 0
    step = 1

    def bump(k):
        nonlocal n
        for i in range(k):
            n = n + step
            if i == k // 2:
                change()
        return n

    def change():
        nonlocal step
        step = 3

    return bump


b = counter()
print(b(3000), b(10))


def early():
    def use(k):
        t = 0
        for i in range(k):
            t += late
        return t

    try:
        use(5)
    except NameError as e:
        print("NameError", e)
    late = 2
    return use(4000)


print(early())


def gone():
    x = 5

    def read(k):
        t = 0
        for i in range(k):
            t += x
        return t

    first = read(3000)
    del x
    try:
        read(10)
    except NameError as e:
        print("NameError", e)
    return first


print(gone())


def adders(n):
    fs = [(lambda v, i=i: v + i) for i in range(5)]
    base = 10

    def total(k):
        s = 0
        for j in range(k):
            s += fs[j % 5](base) + base
        return s

    return total(n)


print(adders(4000))
