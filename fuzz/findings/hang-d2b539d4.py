def area():().area()
r=range((2**31))
(10 in(0, ),(0),.0, "a" in r)