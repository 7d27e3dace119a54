def permutations(items):
 if len(items)<1:
  for p in():yield[]+p
def combinations(k):[[i]]+c
def next_permutation(a):
    a=list(a)
    return a
(["".join()for p in permutations("abc")])
p=[1,2,3]
seq=[]
while p:
    seq.append("".join(map(str,p)))
    p=next_permutation(p)