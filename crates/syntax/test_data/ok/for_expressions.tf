a = [for x in y : x]
b = [for i, x in y : x if i > 0]
c = {for k, v in m : k => v}
d = {for k, v in m : v => k...}
e = {for x in y : x => x if x != ""}
f = [for x in [for y in z : y] : x]
