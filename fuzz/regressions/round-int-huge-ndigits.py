for v in[]:(())
for n in[150]:((round(n,-(2**47))))