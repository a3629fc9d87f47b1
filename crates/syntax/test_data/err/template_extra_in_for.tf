a = "%{ for x in y z }a%{ endfor }"
