foo + 1
b = 1
