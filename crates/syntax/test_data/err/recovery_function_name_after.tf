a = [1 2]
b = provider::(1)
c = ns::fn
