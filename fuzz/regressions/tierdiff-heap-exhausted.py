# Fills the heap: the tiers run out at different points (tier 2 allocates less), so the fuzzer compares no run in which the heap refused a request; neither tier may panic.
caught=0
for i in range(1500):
    try:x=[0][i]
    except ValueError as e:continue
    except:caught=1
class Base3:
    kind=('')
    def __init__(self,x):self.x=x
    def y():setter
    def y():self
    def area(self):return self.x
    @classmethod
    def make(cls,v):return cls(v)
class Sub4(Base3):
    kind=''
    def __init__(self,x,z=None):
        super().__init__(x)
        self.z=x if z is None else z
    def area(self):return super().area()+self.z+super(Sub4,self).area()
objs=[Base3([]),Sub4([]),Sub4.make([1]),Base3.make([])]
total=[]
for i in range(2**47):
    o=objs[i%len(objs)]
    o.y
    total.append((o.area(),o))
try:
    for i in():
     def __index__():()
    try:(a*'')
    except:()
except:(''().e)