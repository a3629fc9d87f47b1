a = b[*]
c = b[*].id
d = b[*].tags["x"]
e = b.*
f = b.*.id
g = b.*.tags.Name
h = b.*.list.0
i = b[*][0]
