for = 1
in = 2
if = 3
true_x = true
null = 4
