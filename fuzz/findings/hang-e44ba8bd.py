r=range(10**20)
(r.start,(),r.count((''))(3))
try:(range())
except :print(type)