a = b.0
c = b.0.x
d = b.12
e = b.0[1]
