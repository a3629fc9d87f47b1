a = [for x in y : (x) => f(x)... z]
