a { b = x ? 1 : 2 }
c { d = [for x in y : x] }
