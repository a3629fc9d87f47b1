a = <<EOT
line
EOT
b = <<-X
  y
X
