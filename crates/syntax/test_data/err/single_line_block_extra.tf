b { a = 1 c }
d = 1
