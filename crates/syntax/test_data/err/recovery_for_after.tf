a = [1 2]
b = [for k, v in x : k => v]
c = {for x in y : x}
