r=range(10**20)
(r.start,(),r.count(()),() )
try:len()
except :print