class Base7:
    def __init__():
     def y():('')@classmethod
    def make():()
class Sub8():
 def __init__():x if None else z
objs=[(),()]
try:[].y
except:
    try:
            try:()if 2else()
            except:''
    except:('')
def inner13(n):
    try:
     for i in range(n):got=yield
    finally:return
def gen12(n):r=yield from inner13(n)
it=gen12(4)
((),(''),next(it))
try:it.throw(ValueError(''))
except()as e:
    try:
        def fib15():0if n==0else()
        try:(())
        except:('')
    except:()