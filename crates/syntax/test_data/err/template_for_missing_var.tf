a = "%{ for 1 in x }a%{ endfor }"
