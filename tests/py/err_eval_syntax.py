# A SyntaxError from eval of an expression that continues onto a second line
values = [1, 2, 3]
print(eval("sum(values) * 2"))
eval("1 +\n 2 2")
