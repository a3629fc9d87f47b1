b { c }
d = 1
