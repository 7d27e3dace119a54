# 'await' in a plain function: CPython's compiler rejects the whole file.
print("never printed")


async def fine():
    return 1


def plain():
    return await fine()
