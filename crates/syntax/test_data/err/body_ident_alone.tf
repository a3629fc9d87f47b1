foo
b = 1
