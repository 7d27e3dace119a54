# Float points: a cloud of small objects with float attributes. Each round builds the
# cloud from a deterministic float sequence, scales every point to unit length, rotates it,
# then reduces the cloud to a bounding box, a centroid and the point farthest from it.
# Exercises object creation, __init__, float attribute loads and stores, method calls,
# math.sqrt, and comparisons of floats.

import math


class Vec3:
    def __init__(self, x, y, z):
        self.x = x
        self.y = y
        self.z = z

    def length(self):
        return math.sqrt(self.x * self.x + self.y * self.y + self.z * self.z)

    def normalize(self):
        n = self.length()
        if n > 0.0:
            inv = 1.0 / n
            self.x *= inv
            self.y *= inv
            self.z *= inv

    def rotate_z(self, c, s):
        x = self.x
        y = self.y
        self.x = x * c - y * s
        self.y = x * s + y * c

    def dist2(self, other):
        dx = self.x - other.x
        dy = self.y - other.y
        dz = self.z - other.z
        return dx * dx + dy * dy + dz * dz


class Box:
    def __init__(self, p):
        self.lo = Vec3(p.x, p.y, p.z)
        self.hi = Vec3(p.x, p.y, p.z)

    def grow(self, p):
        lo = self.lo
        hi = self.hi
        if p.x < lo.x:
            lo.x = p.x
        elif p.x > hi.x:
            hi.x = p.x
        if p.y < lo.y:
            lo.y = p.y
        elif p.y > hi.y:
            hi.y = p.y
        if p.z < lo.z:
            lo.z = p.z
        elif p.z > hi.z:
            hi.z = p.z


def make_cloud(n, seed):
    # A cheap deterministic float sequence (fractional parts of a quadratic walk).
    pts = []
    t = seed * 0.618033988749895
    for i in range(n):
        t = (t + 0.7548776662466927 + i * 1e-6) % 1.0
        u = (t * 7.0) % 1.0
        w = (u * 13.0) % 1.0
        pts.append(Vec3(t - 0.5, u - 0.25, w * 2.0 - 1.0))
    return pts


def process(n, seed):
    pts = make_cloud(n, seed)
    c = 0.8
    s = 0.6
    for p in pts:
        p.normalize()
        p.rotate_z(c, s)
    box = Box(pts[0])
    cx = cy = cz = 0.0
    for p in pts:
        box.grow(p)
        cx += p.x
        cy += p.y
        cz += p.z
    centre = Vec3(cx / n, cy / n, cz / n)
    far = pts[0]
    far_d = far.dist2(centre)
    for p in pts:
        d = p.dist2(centre)
        if d > far_d:
            far = p
            far_d = d
    return box, centre, far


def main():
    acc = 0.0
    for seed in range(12):
        box, centre, far = process(30000, seed)
        acc += box.hi.x - box.lo.y + centre.z + far.length()
        print("%.9f %.9f %.9f | %.9f %.9f" % (centre.x, centre.y, centre.z, box.lo.x, box.hi.z))
    print("checksum %.9f" % acc)


main()
