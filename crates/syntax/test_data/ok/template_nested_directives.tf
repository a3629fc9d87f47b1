a = "%{ if a }%{ for x in y }%{ if x }${x}%{ endif }%{ endfor }%{ endif }"
