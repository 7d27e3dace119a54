r=range(10**20)
(r,r.step,r.index(7),r.count(''),0,())
try:[20]
except:
  print(type(e), e)