a = {for x y}
b = 1
