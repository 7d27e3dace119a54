# The alternatives of an OR pattern must bind the same names.
def area(shape):
    match shape:
        case ("square", side) | ("rect", side, _):
            return side * side
        case ("circle", r) | ("ellipse", r, _):
            return 3 * r * r
        case ("rect", w, h) | ("box", h, w, depth):
            return w * h


print(area(("square", 2)))
