a = provider::(1)
b = 2
