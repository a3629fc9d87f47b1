a = "a%{ endif }"
