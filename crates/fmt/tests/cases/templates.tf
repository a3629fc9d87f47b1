a = "%{ if var.x }yes%{ else }no%{ endif }"
b = "%{for x in var.y}${x},%{endfor}"
c = "${ var.a }-${ var.b }"
d = "$${literal} %%{literal}"
e = <<EOT
%{ for x in var.list ~}
  item ${ x }
%{ endfor ~}
EOT
f = "${{a=1}}"
