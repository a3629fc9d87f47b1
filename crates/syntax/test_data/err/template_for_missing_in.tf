a = "%{ for x y }a%{ endfor }"
