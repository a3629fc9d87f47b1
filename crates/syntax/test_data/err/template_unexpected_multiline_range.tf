a = <<EOT
%{ if x }
%{ endfor }
EOT
b = "%{ if y }"
