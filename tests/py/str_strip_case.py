# strip family, case methods, predicates
s = "  \t hello world \n "
print(repr(s.strip()), repr(s.lstrip()), repr(s.rstrip()), "xxabcxx".strip("x"), "abcba".strip("ab"), "www.example.com".lstrip("w."), "file.txt..".rstrip("."))
print("Hello World".upper(), "Hello World".lower(), "hello world foo".title(), "hELLO wORLD".capitalize(), "Hello World".swapcase())
print("they're bill's".title(), "a1b2c3".title(), "ABC".casefold())
tests = ["123", "12.3", "abc", "abc123", "   ", "", "ABC", "abc", "Abc", "\t\n", "٣", "Hello World", "A1"]
for t in tests:
    print(repr(t), t.isdigit(), t.isalpha(), t.isalnum(), t.isspace(), t.isupper(), t.islower(), t.istitle(), t.isdecimal(), t.isnumeric(), t.isidentifier())
print("abc".isascii(), "é".isascii(), "Ab_1".isidentifier(), "1ab".isidentifier(), "x".isprintable(), "\n".isprintable())
print("hello".removeprefix("he"), "hello".removesuffix("lo"), "hello".removeprefix("x"))
