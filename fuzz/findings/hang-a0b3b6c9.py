r=range(10**20)
(r.start,r.index(((''))))
try:len(range(63))
except :print(typee)