a = [1 2]
b = "%{ if x }"
c = "\q"
