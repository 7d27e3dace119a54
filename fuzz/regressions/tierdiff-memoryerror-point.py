# Found by the fuzzer at d643d46: tier 1 ran out of heap in next_permutation's list(a),
# tier 2 in the seq.append line (MemoryError raised at a different statement). Passes
# since the merge of fuel and heap accounting changes (bcfe5a7).
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