a = [for x in y 1]
