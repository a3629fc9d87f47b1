a = provider::fn
b = f(1)
