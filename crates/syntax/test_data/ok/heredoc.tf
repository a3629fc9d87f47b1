a = <<EOT
hello
  ${name}
EOT
b = <<-EOT
    indented
    %{ if x }yes%{ endif }
    EOT
c = <<EOT
EOT
