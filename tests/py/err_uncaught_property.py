# uncaught ValueError raised from a property setter
class Temperature:
    def __init__(self, c):
        self.celsius = c
    @property
    def celsius(self):
        return self._c
    @celsius.setter
    def celsius(self, v):
        if v < -273.15:
            raise ValueError(f"{v} is below absolute zero")
        self._c = v
t = Temperature(20)
print(t.celsius)
t.celsius = -300
