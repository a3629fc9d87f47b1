a = [1 2]
b = [for x in y : x + ) => x]
