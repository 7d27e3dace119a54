# exec, eval and compile take bytes-like sources: bytes, bytearray and memoryview.
exec(b"print('from bytes')")
exec(bytearray(b"print('from bytearray')"))
exec(memoryview(b"print('from memoryview')"))
exec(memoryview(b"xxprint('from a slice')")[2:])
print(eval(memoryview(b"6 * 7")))
code = compile(memoryview(b"1 + 2"), "<mv>", "eval")
print(eval(code))
