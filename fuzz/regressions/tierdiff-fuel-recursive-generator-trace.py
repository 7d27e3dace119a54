# A generator pipeline that runs out of fuel: tier 3 recorded a trace that ends at its own
# start in a deeper generator frame (a recursive trace, which only a JIT links), and the
# uop executor, which runs traces under a fuel budget, stopped a few instructions away from
# tier 1. Under a budget recursive traces are now declined as without a JIT. (The found
# program never ended; `count` now counts up, so it ends without fuel and still runs out of
# the fuzzer's 3M instructions where the difference showed.)

import sys

def count(n):
    i=0
    while i < n:
     yield i
     i += 1

def scale(src,k):
 for x in src:
  yield x*k

def wide():

 for i in():

  h

def pipeline(n):
    total=0
    for v in scale(scale(count(n), 3), 2):
     total+v

print("pipeline", pipeline(3000), pipeline(200000))