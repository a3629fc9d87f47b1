a = "%{ for x in y }a%{ endfor z }"
