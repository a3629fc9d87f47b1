b { a = 1 } c
