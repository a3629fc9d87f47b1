/* foo
a = 1
