a = "%{ if x }a"
