a = 1 + 2 * 3 - 4 / 5 % 6
b = x == y && y != z || !w
c = a < b
d = a <= b
e = a > b
f = a >= b
g = -1
h = !true
i = - - 1
j = (1 + 2) * 3
