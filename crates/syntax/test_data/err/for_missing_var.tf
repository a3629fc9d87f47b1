a = [for 1 in x : 1]
