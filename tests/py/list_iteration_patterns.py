# common list iteration patterns
nums = [4, 8, 15, 16, 23, 42]
print([i for i, v in enumerate(nums) if v % 2], [v for i, v in enumerate(nums) if i % 2 == 0])
print(list(zip(nums, nums[1:])), [b - a for a, b in zip(nums, nums[1:])])
print(nums[::-1], list(reversed(nums)), nums[-2:], nums[:2])
print(sum(nums) / len(nums), max(nums) - min(nums), sorted(nums, key=lambda v: -v)[:3])
chunks = [nums[i:i + 4] for i in range(0, len(nums), 4)]
print(chunks)
flat = [x for chunk in chunks for x in chunk]
print(flat == nums)
pairs = [(a, b) for a in nums[:3] for b in nums[:3] if a < b]
print(pairs)
copy = nums[:]
for v in list(copy):
    if v % 2 == 0:
        copy.remove(v)
print(copy)
i = 0
while i < len(nums):
    if nums[i] > 20:
        del nums[i]
    else:
        i += 1
print(nums)
print(list(map(list, zip(*[[1, 2, 3], [4, 5, 6]]))), [list(r) for r in zip("ab", "cd")])
print([x for x in range(20) if x % 3 == 0 if x % 2 == 0], [[y for y in range(x)] for x in range(4)])
