a = {for k, v in m : k => v...}
b = f(a, b...)
