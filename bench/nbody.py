# n-body: a simple planetary system integrated with a symplectic Euler step.
# Exercises float arithmetic, list indexing, nested loops over pairs, tuple unpacking.

PI = 3.14159265358979323
SOLAR_MASS = 4 * PI * PI
DAYS_PER_YEAR = 365.24


def make_bodies():
    # [x, y, z, vx, vy, vz, mass]; made-up but plausible orbits.
    bodies = [[0.0, 0.0, 0.0, 0.0, 0.0, 0.0, SOLAR_MASS]]
    specs = [
        (4.84, -1.16, -0.10, 0.00166, 0.00770, -0.0000690, 0.000954),
        (8.34, 4.12, -0.40, -0.00277, 0.00500, 0.0000230, 0.000286),
        (12.89, -15.11, -0.22, 0.00297, 0.00238, -0.0000297, 0.0000437),
        (15.38, -25.92, 0.18, 0.00268, 0.00163, -0.0000951, 0.0000515),
    ]
    for x, y, z, vx, vy, vz, m in specs:
        bodies.append([x, y, z, vx * DAYS_PER_YEAR, vy * DAYS_PER_YEAR,
                       vz * DAYS_PER_YEAR, m * SOLAR_MASS])
    return bodies


def pairs_of(bodies):
    result = []
    n = len(bodies)
    for i in range(n - 1):
        for j in range(i + 1, n):
            result.append((bodies[i], bodies[j]))
    return result


def offset_momentum(bodies):
    px = py = pz = 0.0
    for b in bodies:
        m = b[6]
        px -= b[3] * m
        py -= b[4] * m
        pz -= b[5] * m
    sun = bodies[0]
    sun[3] = px / SOLAR_MASS
    sun[4] = py / SOLAR_MASS
    sun[5] = pz / SOLAR_MASS


def energy(bodies, pairs):
    e = 0.0
    for b1, b2 in pairs:
        dx = b1[0] - b2[0]
        dy = b1[1] - b2[1]
        dz = b1[2] - b2[2]
        e -= (b1[6] * b2[6]) / ((dx * dx + dy * dy + dz * dz) ** 0.5)
    for b in bodies:
        e += 0.5 * b[6] * (b[3] * b[3] + b[4] * b[4] + b[5] * b[5])
    return e


def advance(bodies, pairs, dt, steps):
    for _ in range(steps):
        for b1, b2 in pairs:
            dx = b1[0] - b2[0]
            dy = b1[1] - b2[1]
            dz = b1[2] - b2[2]
            d2 = dx * dx + dy * dy + dz * dz
            mag = dt / (d2 * d2 ** 0.5)
            m1 = b1[6] * mag
            m2 = b2[6] * mag
            b1[3] -= dx * m2
            b1[4] -= dy * m2
            b1[5] -= dz * m2
            b2[3] += dx * m1
            b2[4] += dy * m1
            b2[5] += dz * m1
        for b in bodies:
            b[0] += dt * b[3]
            b[1] += dt * b[4]
            b[2] += dt * b[5]


def main():
    bodies = make_bodies()
    pairs = pairs_of(bodies)
    offset_momentum(bodies)
    print("energy before: %.12f" % energy(bodies, pairs))
    advance(bodies, pairs, 0.01, 120000)
    print("energy after:  %.12f" % energy(bodies, pairs))
    print("sun x: %.12f" % bodies[0][0])


main()
