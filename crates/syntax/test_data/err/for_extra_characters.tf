a = [for x in y : x x]
