a = <<EOT
foobar
EOT
b = [1 2]
