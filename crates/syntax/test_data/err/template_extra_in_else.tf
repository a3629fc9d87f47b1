a = "%{ if x }a%{ else y }b%{ endif }"
