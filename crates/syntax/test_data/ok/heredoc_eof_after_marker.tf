a = <<EOT
x
EOT
