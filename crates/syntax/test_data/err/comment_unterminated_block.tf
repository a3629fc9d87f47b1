a = 1 /* foo
b = 2
