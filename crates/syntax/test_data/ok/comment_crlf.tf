# hash
a = 1 // c
b = 2
