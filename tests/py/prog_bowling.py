# bowling score calculator with validation
class BowlingError(ValueError):
    pass
def score(rolls):
    total, i = 0, 0
    frames = []
    for frame in range(10):
        if i >= len(rolls):
            raise BowlingError(f"incomplete game at frame {frame + 1}")
        if rolls[i] == 10:
            if i + 2 >= len(rolls):
                raise BowlingError("strike bonus missing")
            total += 10 + rolls[i + 1] + rolls[i + 2]
            i += 1
        else:
            if i + 1 >= len(rolls):
                raise BowlingError(f"incomplete frame {frame + 1}")
            pins = rolls[i] + rolls[i + 1]
            if pins > 10:
                raise BowlingError(f"too many pins in frame {frame + 1}: {pins}")
            if pins == 10:
                if i + 2 >= len(rolls):
                    raise BowlingError("spare bonus missing")
                total += 10 + rolls[i + 2]
            else:
                total += pins
            i += 2
        frames.append(total)
    return total, frames
games = {
    "gutter": [0] * 20,
    "all ones": [1] * 20,
    "one spare": [5, 5, 3] + [0] * 17,
    "one strike": [10, 3, 4] + [0] * 16,
    "perfect": [10] * 12,
    "all spares": [5] * 21,
    "mixed": [10, 7, 3, 9, 0, 10, 0, 8, 8, 2, 0, 6, 10, 10, 10, 8, 1],
}
for name, rolls in games.items():
    print(f"{name:10}", score(rolls))
for bad in [[5, 6] + [0] * 18, [10] * 11, [1] * 19, []]:
    try:
        score(bad)
    except BowlingError as e:
        print(type(e).__name__, e, isinstance(e, ValueError))
