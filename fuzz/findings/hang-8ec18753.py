r=range(10**20)
(r in r)
try:(())
except:()