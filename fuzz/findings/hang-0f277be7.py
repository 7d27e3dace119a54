r=range(10**20)
(r.start,r,r.step,r.index((('-inf'))), (5)(-5))
