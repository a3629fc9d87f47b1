a = 1
b = "two"
c = true
d = null
e = false
