a = "%{ if x }%{ for y in z }a"
