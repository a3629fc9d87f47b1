a = [1 2]
foo
b = 1
