a = "%{ if
x }y%{ endif }"
