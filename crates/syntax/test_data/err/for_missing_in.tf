a = [for x y : 1]
