# A tiny ray tracer: a vector class with operator overloading, spheres and a ground plane,
# one point light with shadows, one level of reflection. Renders a small image and prints
# a checksum of the quantized pixels. Exercises operator dunders (__add__, __sub__, __mul__),
# object allocation, method calls, float math, math.sqrt, and attribute access.

import math


class V:
    __slots__ = ("x", "y", "z")

    def __init__(self, x, y, z):
        self.x = x
        self.y = y
        self.z = z

    def __add__(self, o):
        return V(self.x + o.x, self.y + o.y, self.z + o.z)

    def __sub__(self, o):
        return V(self.x - o.x, self.y - o.y, self.z - o.z)

    def __mul__(self, k):
        return V(self.x * k, self.y * k, self.z * k)

    def dot(self, o):
        return self.x * o.x + self.y * o.y + self.z * o.z

    def unit(self):
        return self * (1.0 / math.sqrt(self.dot(self)))


class Sphere:
    def __init__(self, centre, radius, colour, mirror):
        self.centre = centre
        self.r2 = radius * radius
        self.colour = colour
        self.mirror = mirror

    def hit(self, origin, direction):
        oc = origin - self.centre
        b = oc.dot(direction)
        c = oc.dot(oc) - self.r2
        disc = b * b - c
        if disc < 0.0:
            return -1.0
        s = math.sqrt(disc)
        t = -b - s
        if t > 1e-6:
            return t
        t = -b + s
        if t > 1e-6:
            return t
        return -1.0

    def normal(self, p):
        return (p - self.centre).unit()

    def colour_at(self, p):
        return self.colour


class Plane:
    def __init__(self, height, mirror):
        self.height = height
        self.mirror = mirror
        self.up = V(0.0, 1.0, 0.0)

    def hit(self, origin, direction):
        if -1e-9 < direction.y < 1e-9:
            return -1.0
        t = (self.height - origin.y) / direction.y
        return t if t > 1e-6 else -1.0

    def normal(self, p):
        return self.up

    def colour_at(self, p):
        check = (int(math.floor(p.x)) + int(math.floor(p.z))) & 1
        return V(0.9, 0.9, 0.9) if check else V(0.2, 0.3, 0.2)


class Scene:
    def __init__(self):
        self.objects = [
            Sphere(V(0.0, 1.0, 5.0), 1.0, V(0.9, 0.2, 0.2), 0.3),
            Sphere(V(-2.2, 0.7, 6.0), 0.7, V(0.2, 0.8, 0.3), 0.0),
            Sphere(V(2.0, 0.8, 4.2), 0.8, V(0.3, 0.4, 0.9), 0.5),
            Plane(0.0, 0.2),
        ]
        self.light = V(-4.0, 6.0, 1.0)
        self.ambient = 0.12

    def nearest(self, origin, direction):
        best_t = 1e30
        best = None
        for obj in self.objects:
            t = obj.hit(origin, direction)
            if 0.0 < t < best_t:
                best_t = t
                best = obj
        return best, best_t

    def trace(self, origin, direction, depth):
        obj, t = self.nearest(origin, direction)
        if obj is None:
            k = 0.5 * (direction.y + 1.0)
            return V(0.6, 0.7, 1.0) * k
        p = origin + direction * t
        n = obj.normal(p)
        to_light = (self.light - p).unit()
        lambert = n.dot(to_light)
        if lambert > 0.0:
            shadow, st = self.nearest(p, to_light)
            if shadow is not None:
                lambert = 0.0
        else:
            lambert = 0.0
        c = obj.colour_at(p) * (self.ambient + lambert * (1.0 - self.ambient))
        if obj.mirror > 0.0 and depth < 2:
            r = direction - n * (2.0 * direction.dot(n))
            c = c * (1.0 - obj.mirror) + self.trace(p, r, depth + 1) * obj.mirror
        return c


def render(width, height):
    scene = Scene()
    eye = V(0.0, 1.2, 0.0)
    checksum = 0
    hist = [0] * 8
    for j in range(height):
        y = 1.0 - 2.0 * (j + 0.5) / height
        for i in range(width):
            x = (2.0 * (i + 0.5) / width - 1.0) * width / height
            d = V(x, y * 0.8, 1.6).unit()
            c = scene.trace(eye, d, 0)
            r = min(255, int(c.x * 255.0))
            g = min(255, int(c.y * 255.0))
            b = min(255, int(c.z * 255.0))
            checksum = (checksum * 33 + (r << 16 | g << 8 | b)) % 4294967291
            hist[(r + g + b) * 8 // 768] += 1
    return checksum, hist


def main():
    checksum, hist = render(280, 210)
    print("checksum", checksum)
    print("brightness histogram", hist)


main()
