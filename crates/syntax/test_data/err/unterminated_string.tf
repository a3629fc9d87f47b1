a = 1
b = "abc
c = 2
d = 3
