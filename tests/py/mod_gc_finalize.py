# gc.collect/enable/disable/isenabled, and weakref.finalize callbacks that run at exit
# (after the program's last statement, newest first; atexit=False ones do not)
import gc
import weakref
class Res:
    def __init__(self, name):
        self.name = name
def report(name):
    print("finalizer ran for", name)
print(gc.isenabled())
gc.disable()
print(gc.isenabled())
garbage = []
for i in range(1000):
    garbage.append([i] * 10)
garbage = None
print(isinstance(gc.collect(), int))
gc.enable()
print(gc.isenabled())
a = Res("a")
b = Res("b")
c = Res("c")
fa = weakref.finalize(a, report, "a")
fb = weakref.finalize(b, report, "b")
fc = weakref.finalize(c, report, "c (not at exit)")
fc.atexit = False
print(fa.atexit, fc.atexit, fa.alive)
tmp = Res("tmp")
ft = weakref.finalize(tmp, report, "tmp")
del tmp
gc.collect()
print("tmp finalized:", not ft.alive)
print("end of program")
