a = "a%{ endfor }"
