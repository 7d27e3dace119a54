# A SyntaxError from a string given to exec, uncaught: reported with <string>, the line and
# its text, as CPython prints it
source = "total = 0\nfor i in range(3):\n    total += i\nprint(total\n"
print("before")
exec(source)
print("not reached")
