a = b.c.d
e = b[0]
f = b["k"]
g = b[0][1].c
h = b[x + 1]
i = b[
  0
]
j = f().x[0]
k = [1][0]
l = {a = 1}.a
