foo-bar = 1
_under = 2
héllo = 3
x = var.foo-bar
y = a-b-c
z = 日本
